//! A solution in Popeye's text layout (`kibitz solve --format popeye`): the
//! lines Popeye prints between a problem's diagram and `solution finished.`,
//! written from the solver's own moves, so that a problemist can diff kibitz's
//! output against Popeye's.
//!
//! Popeye's layout, as its sources write it (`output/plaintext/tree/tree.c`,
//! `output/plaintext/line/line_writer.c`, `stipulation/goals/goals.c`):
//!
//! - moves in long algebraic form with Popeye's English piece letters: `Sg1-f3`,
//!   `Qd1*d8`, `e7-e8=Q`, `0-0`, `e5*d6 ep.`; a move that gives check is
//!   followed by ` +`, a move that reaches the goal by the goal's marker (` #`,
//!   ` =`, ` ==`, ` +`, ` x`, ` z`; none for `~`, `00`, `ep`), the check left out
//!   before `#`, `=`, `==` and `+`;
//! - battle play (`#n`, `s#n`, `r#n`, …) as a tree: each key `   1.Rd1-d5 !`
//!   (a try `   1.Rd1-d6 ?` with `    but` and its refutations `      1...Kh4-g5 !`),
//!   each block after a blank line; the set play first (`      1...Kb8-a8` and
//!   the answers `          2.Rc6-c8 #`); under a selfmate's key in one, the
//!   other side's moves that reach the goal (`      1...b3-b2 #`); with
//!   `Option Variation`, under each key and try of direct play and selfmates,
//!   the whole tree: ` threat:` (each threat with its own tree) or
//!   ` zugzwang.`, the defences no threat beats, each with the answers that
//!   win soonest and their trees, down to the goal;
//! - help and series play as lines: `  1.Kf1-e1 Qh2-g1 #`, each move of the side
//!   that begins numbered (`  1...Ra2-a8 #` for `h#n.5`, where the other side
//!   begins).
//!
//! Above the solution, the line Popeye writes under its diagram: the
//! stipulation and the men of each side (`  #2                          3 + 2`);
//! below it, `solution finished.` (`solving interrupted.` when a limit cut the
//! search). The diagram, the title and the times are not written.

use core::cell::Cell;
use core::fmt::Write as _;

use kibitz::board::{AnyMove, AnyPosition, Board};
use kibitz::problem::{Genre, Goal, ProblemOptions, ProblemOutcome, ProblemSolution, Stipulation};
use kibitz::variant::{Conditions, Mars, Rebirth, TakeMake};

/// The column (from 1) where Popeye's piece counts end under the diagram of an
/// 8 × 8 board: `nr_files_on_board*fileWidth+4` less the line's two-space
/// indentation and one for the line feed it counts.
const COUNTS_END: usize = 35;

/// The nodes the solver may search, over a whole problem, to find the
/// threats and variations of its trees (`Option Variation`). A tree it cannot
/// finish within them is left out, and its key or try written alone: never a
/// tree cut short.
const TREE_NODES: u64 = 4_000_000;

/// How Popeye names the pieces: its English letters for the orthodox men (`S`
/// for the knight, none for the pawn) and a code for each fairy piece.
///
/// ```
/// use kibitz_scan::popeye_layout::PieceNames;
/// let names = PieceNames::default().with('G', "G");
/// assert_eq!(names.code('N'), "S");
/// assert_eq!(names.code('G'), "G");
/// assert_eq!(names.code('P'), "");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceNames {
    /// FEN letters (uppercase) of fairy pieces and the Popeye codes they stand for.
    fairy: Vec<(char, String)>,
}

impl PieceNames {
    /// Names the piece written `letter` in FEN by Popeye's `code` (`G`, `NR`).
    pub fn with(mut self, letter: char, code: &str) -> PieceNames {
        self.fairy
            .push((letter.to_ascii_uppercase(), code.to_ascii_uppercase()));
        self
    }

    /// The Popeye letters of the piece written `letter` in FEN (either case).
    pub fn code(&self, letter: char) -> String {
        let upper = letter.to_ascii_uppercase();
        if let Some((_, code)) = self.fairy.iter().find(|(l, _)| *l == upper) {
            return code.clone();
        }
        match upper {
            'P' => String::new(),
            // Popeye's English names the knight Springer's way.
            'N' => "S".to_owned(),
            other => other.to_string(),
        }
    }
}

/// What the solution is to show beside the keys or lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The set play was asked for (`Option SetPlay`, `--set`).
    pub set_play: bool,
    /// The tries were asked for (`Option Try`, `--tries`).
    pub tries: bool,
    /// The threats and variations were asked for (`Option Variation`,
    /// `--tree`): the whole tree under each key and try of direct play and
    /// selfmates, and under each set-play defence.
    pub variations: bool,
    /// The threats are left out (`Option NoThreat`): neither ` threat:` nor
    /// ` zugzwang.` is written, and every defence is a variation.
    pub no_threat: bool,
}

/// The solution in Popeye's layout: the counts line, a blank line, the play,
/// and `solution finished.`, each line ended by a line feed.
///
/// `shorter` holds the help or series lines of the lengths below the
/// stipulation's, shortest first, each with its own stipulation (Popeye prints
/// them before the full-length ones); `sol` is the solution of `stip` itself.
///
/// ```
/// use kibitz::board::GameRules;
/// use kibitz::problem::{ProblemOptions, Stipulation};
/// use kibitz_scan::popeye_layout::{PieceNames, Shown, write};
/// let pos = GameRules::chess().position("7k/8/6K1/8/8/8/8/R7 b - - 0 1").unwrap();
/// let stip: Stipulation = "h#1".parse().unwrap();
/// let sol = pos.solve(&ProblemOptions::new(stip));
/// let text = write(&pos, stip, &sol, &[], &PieceNames::default(), Shown::default());
/// assert_eq!(text, "  h#1                         2 + 1\n\n  1.Kh8-g8 Ra1-a8 #\n\nsolution finished.\n");
/// ```
pub fn write(
    pos: &AnyPosition,
    stip: Stipulation,
    sol: &ProblemSolution<AnyMove>,
    shorter: &[(Stipulation, ProblemSolution<AnyMove>)],
    names: &PieceNames,
    shown: Shown,
) -> String {
    write_with_set(pos, stip, sol, shorter, None, names, shown)
}

/// The help play's set play, as Popeye writes it above the solutions: the
/// lines of the stipulation a half move shorter (`h#1.5` for `h#2`) from the
/// diagram with the turn passed (`  1...Ra1-a8 #`).
#[derive(Clone, Copy, Debug)]
pub struct HelpSet<'a> {
    /// The diagram with the turn passed.
    pub passed: &'a AnyPosition,
    /// The stipulation a half move shorter.
    pub stipulation: Stipulation,
    /// Its solution there.
    pub solution: &'a ProblemSolution<AnyMove>,
}

/// [`write()`], with the help play's set play when there is one to write.
pub fn write_with_set(
    pos: &AnyPosition,
    stip: Stipulation,
    sol: &ProblemSolution<AnyMove>,
    shorter: &[(Stipulation, ProblemSolution<AnyMove>)],
    set: Option<HelpSet<'_>>,
    names: &PieceNames,
    shown: Shown,
) -> String {
    let mut out = String::new();
    counts_line(&mut out, pos, stip);
    let writer = Writer {
        names,
        goal: stip.goal(),
        stip,
        tree_nodes: Cell::new(TREE_NODES),
    };
    // Popeye's bytes from here: every move line begins with a line feed (so
    // the first makes a blank line under the counts line), each solution
    // ends with one, and the play with one more.
    if stip.genre().is_battle() {
        writer.battle(&mut out, pos, stip, sol, shown);
    } else {
        if let Some(set) = set {
            writer.lines(
                &mut out,
                set.passed,
                set.stipulation,
                &set.solution.solutions,
            );
            // The set play ends as a solution does.
            out.push('\n');
        }
        for (short, s) in shorter {
            writer.lines(&mut out, pos, *short, &s.solutions);
        }
        writer.lines(&mut out, pos, stip, &sol.solutions);
        // `hr` whose closing key is the diagram's move (`hr#1`): the attacker
        // able to reach the goal must, and fails, as in `r`.
        if stip.genre() == Genre::HelpReflex && sol.solutions.is_empty() && stip.plies() == 2 {
            writer.bound_to_fail(&mut out, pos, |out, mv| {
                writer.line(out, pos, stip, &[mv]);
            });
        }
        out.push('\n');
    }
    let finished = sol.complete
        && sol.shortest
        && !matches!(sol.outcome, ProblemOutcome::Unknown { .. })
        && shorter.iter().all(|(_, s)| s.complete)
        && set.is_none_or(|s| s.solution.complete);
    // Popeye's message begins with its own line feed: a blank line before it.
    out.push_str(if finished {
        "\nsolution finished.\n"
    } else {
        "\nsolving interrupted.\n"
    });
    out
}

/// `  #2                          3 + 2`: the stipulation and each side's men,
/// the counts ending at Popeye's column.
fn counts_line(out: &mut String, pos: &AnyPosition, stip: Stipulation) {
    let (mut white, mut black) = (0u32, 0u32);
    for rank in 0..pos.ranks() {
        for file in 0..pos.files() {
            match pos.piece_at(file, rank) {
                Some(c) if c.is_ascii_uppercase() => white += 1,
                Some(c) if c.is_ascii_lowercase() => black += 1,
                _ => {}
            }
        }
    }
    let head = format!("  {stip}");
    let counts = format!("{white} + {black}");
    let width = COUNTS_END.saturating_sub(head.len());
    let _ = writeln!(out, "{head}{counts:>width$}");
    for line in condition_lines(pos.conditions()) {
        // Popeye centres each condition in 37 columns.
        let pad = 37usize.saturating_sub(line.len()) / 2;
        let _ = writeln!(out, "{:pad$}{line}", "");
    }
}

/// The conditions as Popeye writes them under the counts, one per line, in its
/// order (`CondString`'s): `Circe`, `Madrasi RexInclusive`, `AntiCirce
/// Cheylan`, `ChecklessChess`, `MarsCirce`.
fn condition_lines(c: Conditions) -> Vec<&'static str> {
    let mut lines = Vec::new();
    if c.rebirth == Rebirth::Circe {
        lines.push("Circe");
    }
    if c.madrasi {
        lines.push(if c.madrasi_rex {
            "Madrasi RexInclusive"
        } else {
            "Madrasi"
        });
    }
    match c.rebirth {
        Rebirth::Anticirce => lines.push("AntiCirce"),
        Rebirth::AnticirceCheylan => lines.push("AntiCirce Cheylan"),
        _ => {}
    }
    if c.ohneschach {
        lines.push("ChecklessChess");
    }
    match c.mars {
        Mars::None => {}
        Mars::RexInclusive => lines.push("MarsCirce"),
        Mars::RexExclusive => lines.push("MarsCirce RexExclusive"),
    }
    // (Popeye writes no `Absolute` after it.)
    if c.take_make != TakeMake::None {
        lines.push("Take&MakeChess");
    }
    if c.make_take {
        lines.push("Make&TakeChess");
    }
    lines
}

/// Writes moves with the problem's piece names and goal.
struct Writer<'a> {
    names: &'a PieceNames,
    goal: Goal,
    /// The problem's stipulation: its genre and goal are those of every
    /// subtree, at the lengths the tree has left.
    stip: Stipulation,
    /// What is left of [`TREE_NODES`].
    tree_nodes: Cell<u64>,
}

impl Writer<'_> {
    /// Battle play as Popeye's tree: the set play, then the keys and tries in
    /// Popeye's order ([`order`]).
    fn battle(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        stip: Stipulation,
        sol: &ProblemSolution<AnyMove>,
        shown: Shown,
    ) {
        // A direct key may reach the goal itself (a short solution); a
        // selfmate's or a reflex's goal is reached by the other side.
        let direct = stip.genre() == Genre::Direct;
        // No set play when the turn cannot pass (the side to move in check).
        if shown.set_play
            && let Some(passed) = pos.pass()
        {
            // In self and reflex play the other side may end the play at
            // once: in reflex play it must when it can; in a selfmate Popeye
            // writes it when every move of that side does (its "complete set
            // play"). Then those moves are the set play.
            let mut ends = Vec::new();
            if !direct {
                ends = self.reaching(&passed);
                let all = ends.len() == passed.legal_moves().len();
                if stip.genre() == Genre::Selfmate && !all {
                    ends.clear();
                }
            }
            let longer = direct || (ends.is_empty() && stip.moves() > 1);
            for &d in &ends {
                self.tree_move(out, &passed, d, 1, true);
            }
            let mut set: Vec<_> = sol.set.iter().filter(|_| longer).collect();
            set.sort_by_key(|s| order(&passed, s.defence));
            for s in set {
                let child = passed.after(s.defence);
                self.tree_move(out, &passed, s.defence, 1, false);
                // With the variations, each answer's own tree; the answers
                // alone otherwise, or when the tree is not found in time.
                if shown.variations
                    && let Some(tree) = self.answer_trees(&child, stip.moves(), shown.no_threat)
                {
                    out.push_str(&tree);
                    continue;
                }
                let mut answers = s.answers.clone();
                answers.sort_by_key(|&m| order(&child, m));
                for answer in answers {
                    self.tree_move(out, &child, answer, 2, direct);
                }
            }
            // Popeye ends the set play with a line feed even when there is none.
            out.push('\n');
        }
        // Keys and tries are written as Popeye tries the first moves: in one order.
        let mut firsts: Vec<(AnyMove, Option<&[AnyMove]>, u32)> =
            sol.keys.iter().map(|k| (k.mv, None, k.moves)).collect();
        if shown.tries {
            firsts.extend(
                sol.tries
                    .iter()
                    .map(|t| (t.mv, Some(t.refutations.as_slice()), 0)),
            );
        }
        firsts.sort_by_key(|(mv, _, _)| order(pos, *mv));
        if stip.genre() == Genre::Reflex && firsts.is_empty() {
            self.bound_to_fail(out, pos, |out, mv| self.tree_move(out, pos, mv, 0, true));
        }
        for (mv, refutations, moves) in firsts {
            self.tree_move(out, pos, mv, 0, direct);
            out.push_str(if refutations.is_some() { " ?" } else { " !" });
            // A try has the stipulation's moves to go, a key its own.
            let length = if refutations.is_some() {
                stip.moves()
            } else {
                moves
            };
            let child = pos.after(mv);
            if shown.variations && length >= 2 {
                self.tree_or_nothing(out, &child, length - 1, shown.no_threat);
            } else if !direct && length == 1 {
                // After a selfmate's (or reflex's) key or try in one, Popeye
                // writes the other side's moves that reach the goal: they are
                // the end of the solution, not variations (under a try they
                // come before its refutations).
                for d in self.reaching(&child) {
                    self.tree_move(out, &child, d, 1, true);
                }
            }
            if let Some(refutations) = refutations {
                out.push_str("\n    but");
                let mut refutations = refutations.to_vec();
                refutations.sort_by_key(|&r| order(&child, r));
                for r in refutations {
                    self.tree_move(out, &child, r, 1, false);
                    out.push_str(" !");
                }
            }
            out.push('\n');
        }
        out.push('\n');
    }

    /// The tree under a key or try with `moves` moves left after it
    /// ([`Writer::defences`]), when the genre has one kibitz writes (direct
    /// play and selfmates) and the solver finds it within [`TREE_NODES`];
    /// nothing otherwise.
    fn tree_or_nothing(&self, out: &mut String, child: &AnyPosition, moves: u32, no_threat: bool) {
        if !matches!(self.stip.genre(), Genre::Direct | Genre::Selfmate) {
            return;
        }
        let mut tree = String::new();
        if self
            .defences(&mut tree, child, moves, 1, no_threat)
            .is_some()
        {
            out.push_str(&tree);
        }
    }

    /// The attacker's answers to a set-play defence (`pos`: after it) that
    /// win soonest within `moves`, each with its tree ([`Writer::attack`]),
    /// as Popeye writes the set play of a problem with variations. None when
    /// the genre has no tree kibitz writes or [`TREE_NODES`] ran out.
    fn answer_trees(&self, pos: &AnyPosition, moves: u32, no_threat: bool) -> Option<String> {
        if !matches!(self.stip.genre(), Genre::Direct | Genre::Selfmate) {
            return None;
        }
        let keys = self.keys_within(pos, moves)?;
        let length = keys.iter().map(|&(_, k)| k).min()?;
        let mut tree = String::new();
        for a in soonest(pos, &keys) {
            self.attack(&mut tree, pos, a, length, 2, no_threat)?;
        }
        Some(tree)
    }

    /// Popeye's threat and variations where the defender is to move (in
    /// `pos`) and the attacker has `moves` moves left, the defences at
    /// `depth` plies (Popeye's `solving/battle_play/threat.c` decides which):
    ///
    /// - the threat: with the turn passed, the attacker's moves that end the
    ///   play soonest, each with its own tree, after ` threat:`; or
    ///   ` zugzwang.` when none does within `moves`; nothing when the defender
    ///   is in check (it cannot pass) or under `NoThreat`;
    /// - each defence after which the attacker still wins (the others refute
    ///   a try, written after `but` only), unless there is a threat and the
    ///   defence lets the attacker win sooner than the threat does (Popeye
    ///   leaves such short variations out) or leaves every threat working at
    ///   its length;
    /// - under each defence, the attacker's moves that win soonest after it,
    ///   each with its tree ([`Writer::attack`]).
    ///
    /// None when the solver ran out of [`TREE_NODES`].
    fn defences(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        moves: u32,
        depth: usize,
        no_threat: bool,
    ) -> Option<()> {
        let selfmate = self.stip.genre() == Genre::Selfmate;
        let passed = (!pos.is_check() && !no_threat)
            .then(|| pos.pass())
            .flatten();
        let mut threats: Vec<AnyMove> = Vec::new();
        let mut threat_length = 0;
        if let Some(passed) = &passed {
            let keys = self.keys_within(passed, moves)?;
            threats = soonest(passed, &keys);
            match keys.iter().map(|&(_, k)| k).min() {
                Some(shortest) => {
                    threat_length = shortest;
                    out.push_str(" threat:");
                    for &t in &threats {
                        self.attack(out, passed, t, shortest, depth + 1, no_threat)?;
                    }
                }
                None => out.push_str(" zugzwang."),
            }
        }
        let mut defences = pos.legal_moves();
        defences.sort_by_key(|&d| order(pos, d));
        for d in defences {
            let after = pos.after(d);
            // A selfmate's defender that reaches the goal ends the play at
            // once: a variation shorter than any threat.
            if selfmate && self.goal.reached(pos, d, &after) {
                if threats.is_empty() {
                    self.tree_move(out, pos, d, depth, true);
                }
                continue;
            }
            let keys = self.keys_within(&after, moves)?;
            let Some(length) = keys.iter().map(|&(_, k)| k).min() else {
                continue;
            };
            if let Some(passed) = passed.as_ref().filter(|_| !threats.is_empty()) {
                // A threat move still winning within the threat's length,
                // matched by its text, as Popeye matches it in its table (a
                // Mars Circe capture from its rebirth square is another move
                // than the step there: Popeye's moves differ by their effects).
                let text = |p: &AnyPosition, m: AnyMove| (p.uci(m), p.move_facts(m).taken_from);
                let threat_holds = threats.iter().all(|&t| {
                    let threat = text(passed, t);
                    keys.iter()
                        .any(|&(a, k)| k <= threat_length && text(&after, a) == threat)
                });
                if length < threat_length || (length == threat_length && threat_holds) {
                    continue;
                }
            }
            self.tree_move(out, pos, d, depth, false);
            for a in soonest(&after, &keys) {
                self.attack(out, &after, a, length, depth + 1, no_threat)?;
            }
        }
        Some(())
    }

    /// An attacker's move of the tree (a continuation or a threat) that wins
    /// in `moves` moves, itself included, written at `depth` plies, and what
    /// follows it: the defences ([`Writer::defences`]), or after a selfmate's
    /// last move the other side's moves that reach the goal.
    fn attack(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        mv: AnyMove,
        moves: u32,
        depth: usize,
        no_threat: bool,
    ) -> Option<()> {
        let direct = self.stip.genre() == Genre::Direct;
        self.tree_move(out, pos, mv, depth, direct && moves == 1);
        let after = pos.after(mv);
        if moves >= 2 {
            self.defences(out, &after, moves - 1, depth + 1, no_threat)?;
        } else if !direct {
            for d in self.reaching(&after) {
                self.tree_move(out, &after, d, depth + 1, true);
            }
        }
        Some(())
    }

    /// The attacker's moves from `pos` (its turn) that win within `moves`
    /// moves, each with the fewest it needs: the solver's keys of the
    /// problem's genre and goal at that length. None when [`TREE_NODES`] has
    /// run out (and from then on).
    fn keys_within(&self, pos: &AnyPosition, moves: u32) -> Option<Vec<(AnyMove, u32)>> {
        let left = self.tree_nodes.get();
        let stip = Stipulation::new(self.stip.genre(), self.goal, moves, false)?;
        if left == 0 {
            return None;
        }
        let mut opts = ProblemOptions::new(stip);
        opts.all_keys = true;
        opts.hash_mb = 4;
        opts.limits.nodes = Some(left);
        let sol = pos.solve(&opts);
        if !sol.complete || matches!(sol.outcome, ProblemOutcome::Unknown { .. }) {
            self.tree_nodes.set(0);
            return None;
        }
        self.tree_nodes.set(left.saturating_sub(sol.nodes));
        Some(sol.keys.iter().map(|k| (k.mv, k.moves)).collect())
    }

    /// `r`, `hr`: the attacker's moves in the diagram that reach the goal,
    /// which it must play and so fails, each written by `write_move` and
    /// marked ` ?!?` as Popeye marks them (`1.Bg7-f8 # ?!?`); the solver has
    /// answered no solution.
    fn bound_to_fail(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        mut write_move: impl FnMut(&mut String, AnyMove),
    ) {
        for mv in self.reaching(pos) {
            write_move(out, mv);
            out.push_str(" ?!?");
        }
    }

    /// The moves of `pos` that reach the goal, in Popeye's order.
    fn reaching(&self, pos: &AnyPosition) -> Vec<AnyMove> {
        let mut moves: Vec<AnyMove> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| self.goal.reached(pos, m, &pos.after(m)))
            .collect();
        moves.sort_by_key(|&m| order(pos, m));
        moves
    }

    /// A move of the tree at `depth` plies from the diagram, on a new line:
    /// `4 × depth` spaces (one at least), the move number in three columns, `.`
    /// (`...` for the defence), the move. `goal`: its goal marker if it
    /// reaches it.
    fn tree_move(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        mv: AnyMove,
        depth: usize,
        goal: bool,
    ) {
        out.push('\n');
        let indent = (4 * depth).max(1);
        let _ = write!(out, "{:indent$}{:>3}.", "", depth / 2 + 1);
        if depth % 2 == 1 {
            out.push_str("..");
        }
        self.move_and_marks(out, pos, mv, goal);
    }

    /// Help or series lines in Popeye's order: by their first moves, then
    /// their second, … ([`order`]), as its search finds them.
    fn lines(
        &self,
        out: &mut String,
        pos: &AnyPosition,
        stip: Stipulation,
        lines: &[Vec<AnyMove>],
    ) {
        let mut keyed: Vec<(Vec<Order>, &[AnyMove])> = lines
            .iter()
            .map(|line| {
                let mut keys = Vec::with_capacity(line.len());
                replay(pos, stip, line, |p, mv, _| keys.push(order(p, mv)));
                (keys, line.as_slice())
            })
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        for (_, line) in keyed {
            self.line(out, pos, stip, line);
        }
    }

    /// One help or series line on a new line: the moves from the diagram, the
    /// side that begins numbered (`  1.Kh8-g8 Ra1-a8 #`); in `h#n.5` the other
    /// side begins, and Popeye writes `  1...` for the move it does not play and
    /// numbers the side that moves second.
    fn line(&self, out: &mut String, pos: &AnyPosition, stip: Stipulation, moves: &[AnyMove]) {
        out.push('\n');
        let first = pos.turn();
        let half = stip.is_half() && !stip.genre().is_series();
        let (numbered, mut number) = if half {
            out.push_str("  1...");
            (!first, 2)
        } else {
            (first, 1)
        };
        let count = moves.len();
        replay(pos, stip, moves, |p, mv, i| {
            if p.turn() == numbered {
                let _ = write!(out, "{number:>3}.");
                number += 1;
            }
            let last = i + 1 == count;
            self.move_and_marks(out, p, mv, last);
            if !last {
                out.push(' ');
            }
        });
    }

    /// The move, ` +` when it checks, and with `goal` the goal's marker when it
    /// reaches it (Popeye's marker replaces the check for `#`, `=`, `==`, `+`).
    fn move_and_marks(&self, out: &mut String, pos: &AnyPosition, mv: AnyMove, goal: bool) {
        self.move_text(out, pos, mv);
        let after = pos.after(mv);
        let reached = goal && self.goal.reached(pos, mv, &after);
        let preempts = matches!(
            self.goal,
            Goal::Mate | Goal::Check | Goal::Stalemate | Goal::DoubleStalemate
        );
        if after.is_check() && !(reached && preempts) {
            out.push_str(" +");
        }
        if reached && let Some(marker) = marker(self.goal) {
            out.push(' ');
            out.push_str(marker);
        }
    }

    /// A move as Popeye writes it: `Sg1-f3`, `Qd1*d8`, `e7-e8=Q`, `0-0`,
    /// `e5*d6 ep.`, `Sg6-b1*d2` (Mars Circe).
    fn move_text(&self, out: &mut String, pos: &AnyPosition, mv: AnyMove) {
        let san = pos.san(mv);
        if san.starts_with("O-O-O") {
            out.push_str("0-0-0");
            return;
        }
        if san.starts_with("O-O") {
            out.push_str("0-0");
            return;
        }
        let facts = pos.move_facts(mv);
        let (Some(from), Some(to)) = (facts.from.as_deref(), facts.to.as_deref()) else {
            // A drop or a pregame placement has no departure square: SAN is
            // all there is to say.
            out.push_str(&san);
            return;
        };
        let man = square(from).and_then(|(f, r)| pos.piece_at(f, r));
        let pawn = man.is_some_and(|c| c.eq_ignore_ascii_case(&'p'));
        if let Some(c) = man {
            out.push_str(&self.names.code(c));
        }
        out.push_str(from);
        // Mars Circe: the man goes to its rebirth square and takes from there.
        if let Some(via) = &facts.taken_from {
            out.push('-');
            out.push_str(via);
        }
        out.push(if facts.capture { '*' } else { '-' });
        let empty = |s: &str| square(s).is_some_and(|(f, r)| pos.piece_at(f, r).is_none());
        // Take&Make: the capture square, then where the man goes on to; an
        // en-passant capture names only the end, as Popeye does.
        let taken_on = facts.taken_on.as_deref().filter(|&s| !empty(s));
        if let Some(on) = taken_on {
            out.push_str(on);
            out.push('-');
        }
        out.push_str(to);
        if let Some(p) = facts.promotion {
            out.push('=');
            out.push_str(&self.names.code(p));
        }
        // A pawn that takes onto an empty square takes en passant.
        if pawn && facts.capture && empty(to) && taken_on.is_none() {
            out.push_str(" ep.");
        }
        if facts.capture {
            self.rebirth_text(out, pos, mv, from, to);
        }
    }

    /// Under Circe or Anticirce, the rebirth after a capture as Popeye writes
    /// it: `[+bSb8]` (Circe: the man taken is reborn on b8), `[wPd3->d2]`
    /// (Anticirce: the capturer goes from the capture square to d2, which may
    /// be the square it left).
    fn rebirth_text(&self, out: &mut String, pos: &AnyPosition, mv: AnyMove, from: &str, to: &str) {
        let rebirth = pos.conditions().rebirth;
        if rebirth == Rebirth::None {
            return;
        }
        let (Some(from), Some(to)) = (square(from), square(to)) else {
            return;
        };
        let after = pos.after(mv);
        let white = pos.turn() == kibitz::Color::White;
        let ours = |c: char| c.is_ascii_uppercase() == white;
        // The capturer moved on (Anticirce) when the capture square is not its.
        let moved_on = !after.piece_at(to.0, to.1).is_some_and(ours);
        if rebirth != Rebirth::Circe
            && !moved_on
            && let Some(man) = after.piece_at(to.0, to.1)
        {
            // Reborn where it took (Calvet): Popeye writes that rebirth too.
            let name = kibitz::board::square_name(to.0, to.1);
            let colour = if white { 'w' } else { 'b' };
            let code = match self.names.code(man) {
                c if c.is_empty() => "P".to_owned(),
                c => c,
            };
            let _ = write!(out, "[{colour}{code}{name}->{name}]");
            return;
        }
        for rank in 0..pos.ranks() {
            for file in 0..pos.files() {
                let Some(man) = after.piece_at(file, rank) else {
                    continue;
                };
                let at = (file, rank);
                let new_here = pos.piece_at(file, rank).is_none() || (moved_on && at == from);
                if at == to || !new_here || ours(man) != moved_on {
                    continue;
                }
                let colour = if man.is_ascii_uppercase() { 'w' } else { 'b' };
                let code = match self.names.code(man) {
                    c if c.is_empty() => "P".to_owned(),
                    c => c,
                };
                let name = kibitz::board::square_name(file, rank);
                if moved_on {
                    let capture = kibitz::board::square_name(to.0, to.1);
                    let _ = write!(out, "[{colour}{code}{capture}->{name}]");
                } else {
                    let _ = write!(out, "[+{colour}{code}{name}]");
                }
                return;
            }
        }
    }
}

/// The marker Popeye writes after a move that reaches `goal`
/// (`goal_end_marker`); None for `~`, `00`, `ep`, which have none.
/// The keys that win soonest, in Popeye's order.
fn soonest(pos: &AnyPosition, keys: &[(AnyMove, u32)]) -> Vec<AnyMove> {
    let shortest = keys.iter().map(|&(_, k)| k).min();
    let mut moves: Vec<AnyMove> = keys
        .iter()
        .filter(|&&(_, k)| Some(k) == shortest)
        .map(|&(mv, _)| mv)
        .collect();
    moves.sort_by_key(|&m| order(pos, m));
    moves
}

fn marker(goal: Goal) -> Option<&'static str> {
    match goal {
        Goal::Mate => Some("#"),
        Goal::Stalemate => Some("="),
        Goal::DoubleStalemate => Some("=="),
        Goal::Target { .. } => Some("z"),
        Goal::Check => Some("+"),
        Goal::Capture => Some("x"),
        Goal::Any | Goal::Castling | Goal::EnPassant => None,
    }
}

/// Plays a help or series line from `pos`, handing each move and the position
/// it is played in to `each`; in series play the other side passes between
/// the moves ([`Stipulation::passes_after`]).
fn replay(
    pos: &AnyPosition,
    stip: Stipulation,
    moves: &[AnyMove],
    mut each: impl FnMut(&AnyPosition, AnyMove, usize),
) {
    let mut pos = pos.clone();
    for (i, &mv) in moves.iter().enumerate() {
        each(&pos, mv, i);
        pos.play_unchecked(mv);
        if stip.passes_after(i)
            && let Some(passed) = pos.pass()
        {
            pos = passed;
        }
    }
}

/// Where a move comes in Popeye's order: the departure square from a1 along
/// the ranks up to h8, then the move's place in its man's generation, last
/// generated first, then the promoted piece (`Q S R B`).
type Order = (u32, core::cmp::Reverse<u32>, u32);

/// Popeye generates the moves of a ply from h8 down to a1, each man's by its
/// walk's vectors (`pieces/walks/vectors.c`), a ray from near to far, and
/// plays them from the top of its move stack: the last generated first. So a
/// man on a1 is tried before one on h8, and a rook on d1 tries `d1-a1` before
/// `d1-d8` before `d1-h1`. A promotion is one generated move whose promoted
/// piece is chosen as it is played, `Q S R B` in turn. Fairy men, drops and
/// boards other than 8 × 8 keep the solver's order (every such move gets the
/// same place within its square).
fn order(pos: &AnyPosition, mv: AnyMove) -> Order {
    let facts = pos.move_facts(mv);
    let (Some((ff, fr)), Some((tf, tr))) = (
        facts.from.as_deref().and_then(square),
        facts.to.as_deref().and_then(square),
    ) else {
        return (u32::MAX, core::cmp::Reverse(0), 0);
    };
    let from = u32::from(fr) * u32::from(pos.files()) + u32::from(ff);
    let df = i32::from(tf) - i32::from(ff);
    let dr = i32::from(tr) - i32::from(fr);
    let man = pos.piece_at(ff, fr).map(|c| c.to_ascii_uppercase());
    let castling = pos.san(mv).starts_with("O-O");
    let generated = match man {
        _ if pos.files() != 8 || pos.ranks() != 8 => 0,
        // Castling is generated after the king's steps: tried first.
        Some('K') if castling => 100,
        Some('K') => ray_place(&QUEEN, df, dr, false),
        Some('Q') => ray_place(&QUEEN, df, dr, true),
        Some('R') => ray_place(&QUEEN[..4], df, dr, true),
        Some('B') => ray_place(&QUEEN[4..], df, dr, true),
        Some('N') => ray_place(&KNIGHT, df, dr, false),
        // Captures to the left, to the right, then the steps forward.
        Some('P') => match (df, dr.abs()) {
            (-1, _) => 0,
            (1, _) => 1,
            (_, 1) => 2,
            _ => 3,
        },
        _ => 0,
    };
    let promotion = match facts.promotion {
        Some('Q') => 0,
        Some('N') => 1,
        Some('R') => 2,
        Some('B') => 3,
        _ => 4,
    };
    (from, core::cmp::Reverse(generated), promotion)
}

/// Popeye's queen vectors in its order (`vec[1..8]`: right, up, left, down,
/// up-left, up-right, down-right, down-left) as (files, ranks); the rook's are
/// the first four, the bishop's the last four.
const QUEEN: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// Popeye's knight vectors in its order (`vec[9..16]`).
const KNIGHT: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// A move's place in a man's generation over `vectors`: the vector's, then
/// (for a rider) how far along it.
fn ray_place(vectors: &[(i32, i32)], df: i32, dr: i32, rider: bool) -> u32 {
    let distance = df.abs().max(dr.abs()).max(1);
    let step = if rider {
        (df / distance, dr / distance)
    } else {
        (df, dr)
    };
    let v = vectors
        .iter()
        .position(|&v| v == step)
        .unwrap_or(vectors.len());
    // Both fit: 8 vectors, rays of at most 7 squares on Popeye's board.
    (v as u32) * 16 + if rider { distance as u32 } else { 0 }
}

/// A square's name (`e4`, `b10`) as file and rank from 0.
fn square(name: &str) -> Option<(u8, u8)> {
    let (file, rank) = name.split_at_checked(1)?;
    let file = file.as_bytes()[0].checked_sub(b'a')?;
    let rank = rank.parse::<u8>().ok()?.checked_sub(1)?;
    Some((file, rank))
}

#[cfg(test)]
mod tests {
    use kibitz::board::GameRules;
    use kibitz::problem::ProblemOptions;

    use super::*;

    /// The solver's solution of `stip` in `fen`, with every key within n (as
    /// `--format popeye` asks), and its layout.
    fn layout(fen: &str, stip: &str, shown: Shown) -> String {
        let pos = GameRules::chess().position(fen).unwrap();
        let stip: Stipulation = stip.parse().unwrap();
        let options = ProblemOptions {
            all_keys: true,
            tries: shown.tries,
            set_play: shown.set_play,
            ..ProblemOptions::new(stip)
        };
        let sol = pos.solve(&options);
        write(&pos, stip, &sol, &[], &PieceNames::default(), shown)
    }

    /// [`layout`] under fairy conditions.
    fn layout_under(conditions: &str, fen: &str, stip: &str, shown: Shown) -> String {
        let variant = kibitz::variant::Variant::with_conditions(conditions.parse().unwrap());
        let pos = GameRules::variant(variant.unwrap()).position(fen).unwrap();
        let stip: Stipulation = stip.parse().unwrap();
        let options = ProblemOptions {
            all_keys: true,
            tries: shown.tries,
            ..ProblemOptions::new(stip)
        };
        let sol = pos.solve(&options);
        write(&pos, stip, &sol, &[], &PieceNames::default(), shown)
    }

    #[test]
    fn conditions_and_rebirths_are_written_as_popeye_writes_them() {
        // Popeye centres each condition under the counts line, and writes a
        // Circe rebirth `[+bSb8]`, an Anticirce one `[wRh7->h1]`.
        let text = layout_under(
            "circe",
            "4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1",
            "x1",
            Shown::default(),
        );
        assert!(
            text.starts_with("  x1                          2 + 2\n                Circe\n"),
            "{text}"
        );
        assert!(text.contains("   1.Rd1*d4[+bSb8] x !"), "{text}");
        let text = layout_under(
            "anticirce",
            "4k3/7p/8/8/8/8/8/4K2R w - - 0 1",
            "x1",
            Shown::default(),
        );
        assert!(text.contains("              AntiCirce\n"), "{text}");
        assert!(text.contains("   1.Rh1*h7[wRh7->h1] x !"), "{text}");
        // Mars Circe: the knight on g6 takes on d2 from b1, its rebirth
        // square; the king on h8 from e1.
        let text = layout_under(
            "marscirce",
            "7K/8/6N1/8/8/8/3n4/7k w - - 0 1",
            "x1",
            Shown::default(),
        );
        assert!(text.contains("              MarsCirce\n"), "{text}");
        assert!(text.contains("   1.Sg6-b1*d2 x !"), "{text}");
        assert!(text.contains("   1.Kh8-e1*d2 x !"), "{text}");
        // Reborn where it took (Calvet): written all the same.
        let text = layout_under(
            "anticirce",
            "4k3/8/8/8/8/8/8/4K1Rn w - - 0 1",
            "x1",
            Shown::default(),
        );
        assert!(text.contains("   1.Rg1*h1[wRh1->h1] x !"), "{text}");
    }

    #[test]
    fn a_tries_refutation_is_written_after_but_only() {
        // 1.Ka6? threatens Rh8#, and 1...Kb8! refutes it: Popeye writes the
        // refutation after `but`, not as a variation above it.
        let shown = Shown {
            tries: true,
            variations: true,
            ..Shown::default()
        };
        let text = layout("k7/p7/1K6/8/8/8/8/7R w - - 0 1", "#2", shown);
        assert!(
            text.contains(
                "   1.Kb6-a6 ? threat:\n          2.Rh1-h8 #\n    but\n      1...Ka8-b8 !\n"
            ),
            "{text}"
        );
    }

    /// The lines between the counts line and `solution finished.`.
    fn body(text: &str) -> Vec<&str> {
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.last(), Some(&"solution finished."), "{text}");
        lines[1..lines.len() - 1].to_vec()
    }

    #[test]
    fn a_forced_mate_in_one_is_a_key_with_its_goal_marker() {
        // Ra8# is the only mate: the solver finds it, the layout writes it.
        let text = layout("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "#1", Shown::default());
        assert_eq!(
            text,
            "  #1                          2 + 1\n\n   1.Ra1-a8 # !\n\n\nsolution finished.\n"
        );
    }

    #[test]
    fn a_reflex_attacker_bound_to_mate_is_marked_as_popeye_marks_it() {
        // Popeye's TESTS/battle_play.inp, "r#1, but White must deliver mate",
        // and its output there: the solver finds no key, and the move that
        // White must play is written `1.Bg7-f8 # ?!?`.
        let fen = "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1";
        let text = layout(fen, "r#1", Shown::default());
        assert_eq!(
            text,
            "  r#1                         2 + 4\n\n   1.Bg7-f8 # ?!?\n\nsolution finished.\n"
        );
        // hr#1: the same mate ends the help play's closing key.
        assert_eq!(
            body(&layout(fen, "hr#1", Shown::default())),
            ["", "  1.Bg7-f8 # ?!?", ""]
        );
    }

    #[test]
    fn keys_and_tries_come_in_popeyes_order() {
        // Popeye 4.104 (`py -regression`) on `pieces white kf3 rd1 black kh4
        // stip #3 option try` writes these lines, keys and tries in the order
        // it tries the first moves.
        let shown = Shown {
            tries: true,
            ..Shown::default()
        };
        let text = layout("8/8/8/8/7k/5K2/8/3R4 w - - 0 1", "#3", shown);
        assert_eq!(
            body(&text),
            [
                "",
                "   1.Rd1-d6 ?",
                "    but",
                "      1...Kh4-g5 !",
                "",
                "   1.Rd1-d5 !",
                "",
                "   1.Rd1-h1 + ?",
                "    but",
                "      1...Kh4-g5 !",
                "",
                "   1.Rd1-g1 ?",
                "    but",
                "      1...Kh4-h5 !",
                "",
                "   1.Kf3-f4 !",
                "",
                "",
            ]
        );
    }

    #[test]
    fn set_play_comes_before_the_key() {
        // Popeye's own test (TESTS/battle_play.inp, "#2 with setplay") without
        // `option vari`: the set mate after 1...Ka8, then the key.
        let shown = Shown {
            set_play: true,
            ..Shown::default()
        };
        let text = layout("1k6/8/K1R5/2p5/8/8/8/8 w - - 0 1", "#2", shown);
        assert_eq!(
            body(&text),
            [
                "",
                "      1...Kb8-a8",
                "          2.Rc6-c8 #",
                "",
                "   1.Rc6*c5 !",
                "",
                ""
            ]
        );
    }

    #[test]
    fn variations_of_a_two_mover_are_written_under_the_key() {
        // Popeye's own test (TESTS/battle_play.inp, "#2 with variation",
        // `option vari`): a waiting key, and each defence with its mate.
        let shown = Shown {
            variations: true,
            ..Shown::default()
        };
        let text = layout("k7/P1p5/1K6/8/N7/8/8/8 w - - 0 1", "#2", shown);
        assert_eq!(
            body(&text),
            [
                "",
                "   1.Kb6-a6 ! zugzwang.",
                "      1...c7-c5",
                "          2.Sa4-b6 #",
                "      1...c7-c6",
                "          2.Sa4-b6 #",
                "",
                "",
            ]
        );
        // "#2 with short solution": the threat, and no defence beats it.
        let text = layout("k3N3/P7/K6p/8/8/8/8/8 w - - 0 1", "#2", shown);
        assert_eq!(
            body(&text),
            [
                "",
                "   1.Ka6-b6 ! threat:",
                "          2.Se8-c7 #",
                "",
                "   1.Se8-c7 # !",
                "",
                "",
            ]
        );
    }

    #[test]
    fn deeper_trees_are_written_as_popeye_writes_them() {
        let shown = Shown {
            variations: true,
            set_play: true,
            ..Shown::default()
        };
        // Popeye's own test (TESTS/battle_play.inp, "#3 with short
        // setplay"): a waiting key, a variation with its own zugzwang two
        // levels down, and the short mates written, as there is no threat.
        let text = layout("k3n3/P7/K1p1N3/8/8/2p5/1P6/8 w - - 0 1", "#3", shown);
        let key = [
            "   1.b2*c3 ! zugzwang.",
            "      1...c6-c5",
            "          2.c3-c4 zugzwang.",
            "              2...Se8-c7 +",
            "                  3.Se6*c7 #",
            "              2...Se8-d6",
            "                  3.Se6-c7 #",
        ];
        let lines = body(&text);
        let at = lines.iter().position(|l| *l == key[0]).expect(&text);
        assert_eq!(lines[at..at + key.len()], key, "{text}");
        assert!(
            text.starts_with(
                "  #3                          4 + 4\n\n      1...Se8-c7 +\n          2.Se6*c7 #\n"
            ),
            "{text}"
        );
        // "s#2": the selfmate's tree ends with the other side's mate.
        let text = layout(
            "8/8/8/8/1p4Q1/k7/p7/K7 w - - 0 1",
            "s#2",
            Shown {
                set_play: false,
                ..shown
            },
        );
        assert_eq!(
            body(&text),
            [
                "",
                "   1.Qg4-d1 ! zugzwang.",
                "      1...b4-b3",
                "          2.Qd1-g4",
                "              2...b3-b2 #",
                "",
                "",
            ]
        );
    }

    #[test]
    fn without_threats_every_defence_is_a_variation() {
        // Popeye's `Option Variation NoThreat`: no ` threat:` line, and the
        // defences the threat 2.Qxb7# beats (1...e2, 1...Kb8) are listed too.
        let shown = Shown {
            variations: true,
            ..Shown::default()
        };
        let fen = "k7/1b1Q4/8/K7/8/4p3/8/6N1 w - - 0 1";
        let with = layout(fen, "#2", shown);
        assert!(with.contains("   1.Ka5-b6 ! threat:\n          2.Qd7*b7 #\n      1...Bb7-a6\n"));
        assert!(!with.contains("1...e3-e2"), "{with}");
        let without = layout(
            fen,
            "#2",
            Shown {
                no_threat: true,
                ..shown
            },
        );
        assert!(
            without.contains(
                "   1.Ka5-b6 !\n      1...e3-e2\n          2.Qd7*b7 #\n      1...Bb7-a6\n"
            ),
            "{without}"
        );
        assert!(
            without.contains("      1...Ka8-b8\n          2.Qd7*b7 #\n"),
            "{without}"
        );
        assert!(!without.contains("threat"), "{without}");
    }

    #[test]
    fn reflex_set_play_is_the_other_sides_forced_end() {
        // Popeye's own test (TESTS/battle_play.inp, "r#1 with set play"):
        // with the turn passed Black must mate, and can.
        let shown = Shown {
            set_play: true,
            ..Shown::default()
        };
        let text = layout("8/8/8/8/8/k6P/p7/K3n3 w - - 0 1", "r#1", shown);
        assert_eq!(
            body(&text),
            [
                "",
                "      1...Se1-c2 #",
                "",
                "   1.h3-h4 !",
                "      1...Se1-c2 #",
                "",
                "",
            ]
        );
    }

    #[test]
    fn help_lines_number_the_side_that_begins() {
        let text = layout("7k/8/6K1/8/8/8/8/R7 b - - 0 1", "h#1", Shown::default());
        assert_eq!(body(&text), ["", "  1.Kh8-g8 Ra1-a8 #", ""]);
        // h#n.5: the other side begins; Popeye writes `1...` in its place.
        let text = layout("7k/8/6K1/8/8/8/R7/8 w - - 0 1", "h#0.5", Shown::default());
        assert_eq!(body(&text), ["", "  1...Ra2-a8 #", ""]);
    }

    #[test]
    fn a_selfmate_key_checks_and_the_other_side_mates_under_it() {
        // 1.Qb7+ Qxb7# is forced: the key is written with its check, and the
        // other side's mate under it, as Popeye ends a selfmate in one.
        let text = layout(
            "k1K5/4Q3/8/8/3r4/8/8/1q6 w - - 0 1",
            "s#1",
            Shown::default(),
        );
        assert_eq!(
            body(&text),
            ["", "   1.Qe7-b7 + !", "      1...Qb1*b7 #", "", ""]
        );
    }

    #[test]
    fn a_selfmate_try_in_one_lists_the_mates_before_its_refutation() {
        // 1.Qc1+? lets Black mate with 1...Qxc1#, but 1...Ka2! refutes it:
        // Popeye writes the mate under the try, then `but` and the refutation.
        let shown = Shown {
            tries: true,
            ..Shown::default()
        };
        let text = layout("3R4/8/1b6/8/2q5/8/1r1Q4/1k1K1N2 w - - 0 1", "s#1", shown);
        assert!(
            text.contains("   1.Qd2-c1 + ?\n      1...Qc4*c1 #\n    but\n      1...Kb1-a2 !\n"),
            "{text}"
        );
        // A try whose only reply is the refutation has nothing above `but`.
        assert!(
            text.contains("   1.Qd2*b2 + ?\n    but\n      1...Kb1*b2 !\n"),
            "{text}"
        );
    }

    #[test]
    fn moves_are_written_in_popeyes_long_form() {
        // En passant (the goal `ep` has no marker), castling (nor has `00`),
        // promotions in Popeye's order with the knight as `S`.
        let text = layout("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ep1", Shown::default());
        assert_eq!(body(&text), ["", "   1.e5*d6 ep. !", "", ""]);
        let text = layout("k7/8/8/8/8/8/8/4K2R w K - 0 1", "001", Shown::default());
        assert_eq!(body(&text), ["", "   1.0-0 !", "", ""]);
        let text = layout("k7/4P3/1K6/8/8/8/8/8 w - - 0 1", "#1", Shown::default());
        assert_eq!(
            body(&text),
            ["", "   1.e7-e8=Q # !", "", "   1.e7-e8=R # !", "", ""]
        );
        let text = layout("k7/8/8/8/8/8/8/1N2K3 w - - 0 1", "zc31", Shown::default());
        assert_eq!(body(&text), ["", "   1.Sb1-c3 z !", "", ""]);
    }

    #[test]
    fn fairy_pieces_take_their_popeye_codes() {
        let names = PieceNames::default().with('g', "g");
        assert_eq!(names.code('G'), "G");
        assert_eq!(names.code('k'), "K");
    }

    #[test]
    fn no_solution_is_two_blank_lines_as_in_popeye() {
        let text = layout("7k/8/8/8/8/8/8/K7 w - - 0 1", "#1", Shown::default());
        assert_eq!(body(&text), ["", ""]);
    }

    #[test]
    fn squares_read_past_the_ninth_rank() {
        assert_eq!(square("b10"), Some((1, 9)));
        assert_eq!(square("a0"), None);
        assert_eq!(square(""), None);
    }
}

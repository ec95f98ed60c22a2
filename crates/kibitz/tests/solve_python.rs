//! The prover's answers checked by python-chess, a move generator nobody here wrote:
//! every solution tree replayed (every legal defence answered, every leaf mate,
//! no line too long), and "no shorter mate" and the key sets checked by its own
//! exhaustive search for mates within two.
//!
//! Needs python-chess: `KIBITZ_PYTHON=/path/to/python` (default: the workspace's
//! `.venv/bin/python`, as `./test.sh` makes it). Run with
//! `cargo test -p kibitz --release --test solve_python -- --ignored`.

mod common;

use std::fmt::Write as _;
use std::process::Command;

use kibitz::Position;
use kibitz::limits::Limits;
use kibitz::prover::{Engine, Solution, SolveOptions, Tree, TreeMove, Verdict, solve, solve_with};

/// The attacker move and everything below it, as JSON.
fn tree_json(t: &TreeMove, out: &mut String) {
    let _ = write!(out, "{{\"uci\":\"{}\",\"replies\":[", t.mv);
    for (i, r) in t.replies.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"uci\":\"{}\",\"then\":", r.mv);
        tree_json(
            r.then
                .as_ref()
                .expect("a direct mate answers every defence"),
            out,
        );
        out.push('}');
    }
    out.push_str("]}");
}

const CHECKER: &str = r#"
import json, sys
import chess

def mates(b, n):
    if n == 0:
        return False
    for m in list(b.legal_moves):
        b.push(m)
        r = lost(b, n - 1)
        b.pop()
        if r:
            return True
    return False

def lost(b, n):
    moves = list(b.legal_moves)
    if not moves:
        return b.is_check()
    if n == 0:
        return False
    for m in moves:
        b.push(m)
        r = mates(b, n)
        b.pop()
        if not r:
            return False
    return True

def attack(b, t, budget, where):
    assert budget >= 1, f"{where}: too long"
    m = chess.Move.from_uci(t["uci"])
    assert m in b.legal_moves, f"{where}: {m} illegal"
    b.push(m)
    defend(b, t["replies"], budget - 1, where + " " + t["uci"])
    b.pop()

def defend(b, replies, budget, where):
    legal = sorted(m.uci() for m in b.legal_moves)
    if not legal:
        assert b.is_checkmate() and not replies, f"{where}: not mate"
        return
    assert budget >= 1, f"{where}: not mate"
    listed = sorted(r["uci"] for r in replies)
    assert listed == legal, f"{where}: defences {listed} != {legal}"
    for r in replies:
        m = chess.Move.from_uci(r["uci"])
        b.push(m)
        attack(b, r["then"], budget, where + " " + r["uci"])
        b.pop()

checked = 0
for line in open(sys.argv[1]):
    rec = json.loads(line)
    b = chess.Board(rec["fen"])
    n, kind = rec["n"], rec["kind"]
    if kind == "mate":
        for t in rec["tree"]:
            attack(b, t, n, rec["fen"])
        if rec.get("deep"):
            # Too deep for this brute force: the tree alone is replayed.
            checked += 1
            continue
        assert not mates(b, n - 1), f"{rec['fen']}: a shorter mate"
        if n <= 2:
            keys = []
            for m in list(b.legal_moves):
                b.push(m)
                if lost(b, n - 1):
                    keys.append(m.uci())
                b.pop()
            assert sorted(keys) == sorted(rec["keys"]), f"{rec['fen']}: keys {keys}"
    elif kind == "mated":
        defend(b, rec["tree"], n, rec["fen"])
        assert not lost(b, n - 1), f"{rec['fen']}: lost sooner"
    else:
        assert not mates(b, n) and not lost(b, n), f"{rec['fen']}: a mate within {n}"
    checked += 1
print(checked)
"#;

/// One solution as a line of the checker's input; `deep`: replay the tree only.
fn record(pos: &Position, sol: &Solution, deep: bool) -> String {
    let (kind, n) = match sol.outcome {
        Verdict::MateIn(n) => ("mate", n),
        Verdict::MatedIn(n) => ("mated", n),
        Verdict::NoMateWithin(n) => ("none", n),
        Verdict::Unknown { .. } => panic!("{}: not proven", pos.fen()),
    };
    let mut tree = String::from("[");
    match &sol.tree {
        Some(Tree::Keys(keys)) => {
            for (i, t) in keys.iter().enumerate() {
                if i > 0 {
                    tree.push(',');
                }
                tree_json(t, &mut tree);
            }
        }
        Some(Tree::Defences(replies)) => {
            for (i, r) in replies.iter().enumerate() {
                if i > 0 {
                    tree.push(',');
                }
                let _ = write!(tree, "{{\"uci\":\"{}\",\"then\":", r.mv);
                tree_json(
                    r.then
                        .as_ref()
                        .expect("a direct mate answers every defence"),
                    &mut tree,
                );
                tree.push('}');
            }
        }
        None => {}
    }
    tree.push(']');
    let keys: Vec<String> = sol.keys.iter().map(|k| format!("\"{}\"", k.mv)).collect();
    format!(
        "{{\"fen\":\"{}\",\"kind\":\"{kind}\",\"n\":{n},\"deep\":{deep},\"keys\":[{}],\"tree\":{tree}}}\n",
        pos.fen(),
        keys.join(",")
    )
}

/// Runs the checker on `jsonl` (`records` lines); panics unless all pass.
fn replay(jsonl: &str, records: usize) {
    // One file per call: the tests of this file run in parallel in one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file =
        std::env::temp_dir().join(format!("kibitz-solve-{}-{call}.jsonl", std::process::id()));
    std::fs::write(&file, jsonl).unwrap();
    // Run on purpose (the tests are ignored otherwise): without the oracle, a failure.
    let python = kibitz_testdata::python_chess()
        .expect("python-chess, the oracle (set KIBITZ_PYTHON, or run ./test.sh to make .venv)");
    let out = Command::new(&python)
        .arg("-c")
        .arg(CHECKER)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e} (set KIBITZ_PYTHON)", python.display()));
    let _ = std::fs::remove_file(&file);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{}",
        stdout,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.trim(), records.to_string());
    eprintln!("python-chess replayed {records} solutions");
}

/// The Lichess sample of [`python_chess_replays_every_tree`], solved by `engine`.
fn replay_lichess(engine: Engine) {
    let mut jsonl = String::new();
    let mut records = 0;
    let Some(puzzles) = common::puzzles() else {
        return;
    };
    let mate3 = puzzles
        .iter()
        .filter(|p| {
            p.themes
                .as_ref()
                .is_some_and(|t| t.iter().any(|t| t == "mateIn3"))
        })
        .step_by(20)
        .map(|p| (&p.pos, 3));
    let mixed = puzzles.iter().step_by(150).map(|p| (&p.pos, 2));
    for (pos, bound) in mixed.chain(mate3) {
        let opts = SolveOptions {
            tree: true,
            ..SolveOptions::mate_in(bound)
        };
        let sol = solve_with(pos, &opts, engine);
        jsonl.push_str(&record(pos, &sol, false));
        records += 1;
    }
    replay(&jsonl, records);
}

#[test]
#[ignore = "needs python-chess (KIBITZ_PYTHON or the workspace .venv); about a minute"]
fn python_chess_replays_every_tree() {
    replay_lichess(Engine::IterativeDeepening);
    // The default engine's answers are the same records (whichever it is).
    let Some(puzzles) = common::puzzles() else {
        return;
    };
    let mut jsonl = String::new();
    for p in puzzles.iter().step_by(400) {
        let sol = solve(
            &p.pos,
            &SolveOptions {
                tree: true,
                ..SolveOptions::mate_in(2)
            },
        );
        jsonl.push_str(&record(&p.pos, &sol, false));
    }
    replay(&jsonl, jsonl.lines().count());
}

#[test]
#[ignore = "needs python-chess; the Lichess sample by df-pn and by the portfolio"]
fn python_chess_replays_dfpn_and_portfolio_trees() {
    replay_lichess(Engine::DfPn);
    replay_lichess(Engine::Portfolio);
}

/// Trees of deep mates (matetrack `bm #8` or more) replayed by python-chess: the
/// portfolio (iterative deepening, then df-pn) over the bm ≥ 8 positions in a
/// seeded order, each within `KIBITZ_DEEP_SECONDS` (default 10) or, when set,
/// `KIBITZ_DEEP_NODES` nodes (deterministic: `./test.sh` runs 5 trees at 2 M
/// nodes), until `KIBITZ_DEEP_TREES` (default 200) positions have a tree. A tree
/// is either the complete tree of a mate proven shortest, or the proof of a mate
/// within a length not yet proven the shortest (`Solution::shortest` false, read
/// from df-pn's table); both are checked by `Solution::verify` and python-chess,
/// and every length must be within the file's `bm`.
#[test]
#[ignore = "needs python-chess; deep matetrack trees, up to hours at the defaults"]
fn python_chess_replays_deep_matetrack_trees() {
    let Some(path) = common::shared("matetrack/matetrack.epd") else {
        return;
    };
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let want = env("KIBITZ_DEEP_TREES", 200) as usize;
    let seconds = env("KIBITZ_DEEP_SECONDS", 10);
    let nodes = std::env::var("KIBITZ_DEEP_NODES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    let text = std::fs::read_to_string(path).unwrap();
    let mut deep: Vec<(Position, u32)> = common::mate_bounds(&text)
        .into_iter()
        .filter(|(_, bm)| (8..=100).contains(bm))
        .collect();
    let mut rng = common::Rng(0x0008_de3b);
    for i in (1..deep.len()).rev() {
        deep.swap(i, rng.below(i + 1));
    }
    let (mut jsonl, mut records, mut tried, mut shortest) = (String::new(), 0, 0, 0);
    for (pos, bm) in &deep {
        if records == want {
            break;
        }
        tried += 1;
        let start = std::time::Instant::now();
        let opts = SolveOptions {
            tree: true,
            hash_mb: 256,
            limits: match nodes {
                Some(nodes) => Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                None => Limits {
                    deadline: Some(start + std::time::Duration::from_secs(seconds)),
                    ..Limits::default()
                },
            },
            ..SolveOptions::mate_in(*bm)
        };
        let sol = solve_with(pos, &opts, Engine::Portfolio);
        if let Verdict::MateIn(n) = sol.outcome {
            assert!(n <= *bm, "{}: mate in {n} past bm #{bm}", pos.fen());
            if sol.tree.is_some() {
                sol.verify(pos).unwrap();
                jsonl.push_str(&record(pos, &sol, true));
                records += 1;
                shortest += usize::from(sol.shortest);
                eprintln!(
                    "{records}/{want} ({tried} tried): {} mate in {n}{} (bm #{bm})",
                    pos.fen(),
                    if sol.shortest {
                        ", proven shortest"
                    } else {
                        " or less"
                    }
                );
            }
        }
    }
    replay(&jsonl, records);
    let limit = nodes.map_or(format!("{seconds} s"), |n| format!("{n} nodes"));
    eprintln!(
        "{records} deep trees ({shortest} of them proven shortest) of {tried} positions \
         tried, {limit} each"
    );
    assert!(records >= want, "{records} of {want} trees");
}

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
use std::path::PathBuf;
use std::process::Command;

use kibitz::mate::solve::{SolveOptions, Tree, TreeMove, Verdict, solve};

/// The attacker move and everything below it, as JSON.
fn tree_json(t: &TreeMove, out: &mut String) {
    let _ = write!(out, "{{\"uci\":\"{}\",\"replies\":[", t.mv);
    for (i, r) in t.replies.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"uci\":\"{}\",\"then\":", r.mv);
        tree_json(&r.then, out);
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

#[test]
#[ignore = "needs python-chess (KIBITZ_PYTHON or the workspace .venv); about a minute"]
fn python_chess_replays_every_tree() {
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
        let sol = solve(pos, &opts);
        let (kind, n) = match sol.outcome {
            Verdict::MateIn(n) => ("mate", n),
            Verdict::MatedIn(n) => ("mated", n),
            Verdict::NoMateWithin(n) => ("none", n),
            Verdict::Unknown { .. } => panic!("no limit was set"),
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
                    tree_json(&r.then, &mut tree);
                    tree.push('}');
                }
            }
            None => {}
        }
        tree.push(']');
        let keys: Vec<String> = sol.keys.iter().map(|k| format!("\"{}\"", k.mv)).collect();
        let _ = writeln!(
            jsonl,
            "{{\"fen\":\"{}\",\"kind\":\"{kind}\",\"n\":{n},\"keys\":[{}],\"tree\":{tree}}}",
            pos.fen(),
            keys.join(",")
        );
        records += 1;
    }
    let file = std::env::temp_dir().join(format!("kibitz-solve-{}.jsonl", std::process::id()));
    std::fs::write(&file, jsonl).unwrap();
    let python = std::env::var_os("KIBITZ_PYTHON").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python"),
        PathBuf::from,
    );
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

//! The prover against an exhaustive search: plain minimax over `legal_moves()`, no
//! table, no ordering, no mate-in-one kernel (a mate is "in check with no legal
//! move"). Verdict and key set must agree exactly, and every tree must replay.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::common::Rng;
use kibitz::limits::Limits;
use kibitz::prover::{Engine, Horizon, SolveOptions, Tree, Verdict, solve, solve_with};
use kibitz::{Move, Position};

/// Can the side to move force mate within `n` of its moves?
fn bf_mates(pos: &Position, n: u32) -> bool {
    n > 0
        && pos
            .legal_moves()
            .iter()
            .any(|&m| bf_lost(&pos.after(m), n - 1))
}

/// Is the side to move checkmated, or mated within `n` moves of the opponent
/// whatever it plays?
fn bf_lost(pos: &Position, n: u32) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.is_check();
    }
    n > 0 && moves.iter().all(|&r| bf_mates(&pos.after(r), n))
}

/// The brute-force verdict within `bound`, and every first move with the length of
/// its shortest mate (all of them, within `bound`).
fn brute_force(pos: &Position, bound: u32) -> (Verdict, BTreeMap<String, u32>) {
    let mut keys = BTreeMap::new();
    if bf_lost(pos, 0) {
        return (Verdict::MatedIn(0), keys);
    }
    for n in 1..=bound {
        if bf_mates(pos, n) {
            for &m in &pos.legal_moves() {
                let child = pos.after(m);
                if let Some(k) = (n..=bound).find(|&k| bf_lost(&child, k - 1)) {
                    keys.insert(m.uci(), k);
                }
            }
            return (Verdict::MateIn(n), keys);
        }
        if bf_lost(pos, n) {
            return (Verdict::MatedIn(n), keys);
        }
    }
    (Verdict::NoMateWithin(bound), keys)
}

/// Solves with every key and the tree, and checks all of it against brute force.
fn check(pos: &Position, bound: u32) -> Verdict {
    check_with(pos, bound, Horizon::default())
}

/// [`check`] with the mate-in-one test done by `horizon`.
fn check_with(pos: &Position, bound: u32, horizon: Horizon) -> Verdict {
    check_engine(pos, bound, horizon, Engine::IterativeDeepening)
}

/// [`check_with`] with the search chosen.
fn check_engine(pos: &Position, bound: u32, horizon: Horizon, engine: Engine) -> Verdict {
    let solve = |pos: &Position, opts: &SolveOptions| solve_with(pos, opts, engine);
    let (verdict, all_keys) = brute_force(pos, bound);
    let opts = SolveOptions {
        all_keys: true,
        tree: true,
        hash_mb: 1,
        horizon,
        ..SolveOptions::mate_in(bound)
    };
    let sol = solve(pos, &opts);
    let fen = pos.fen();
    assert_eq!(sol.outcome, verdict, "{fen}");
    assert!(sol.complete && sol.shortest, "{fen}");
    let got: BTreeMap<String, u32> = sol.keys.iter().map(|k| (k.mv.uci(), k.mate_in)).collect();
    assert_eq!(got, all_keys, "{fen}: all keys");
    if let Err(e) = sol.verify(pos) {
        panic!("{fen}: {e}");
    }
    // Shortest keys only: the same first moves, those of length n.
    if let Verdict::MateIn(n) = verdict {
        let short = solve(
            pos,
            &SolveOptions {
                horizon,
                ..SolveOptions::mate_in(bound)
            },
        );
        let mut want: Vec<&String> = all_keys
            .iter()
            .filter(|(_, k)| **k == n)
            .map(|(m, _)| m)
            .collect();
        want.sort();
        let mut have: Vec<String> = short.keys.iter().map(|k| k.mv.uci()).collect();
        have.sort();
        assert_eq!(
            have.iter().collect::<Vec<_>>(),
            want,
            "{fen}: shortest keys"
        );
        assert!(short.keys.iter().all(|k| k.mate_in == n));
        assert_eq!(short.line.len() as u32, 2 * n - 1, "{fen}");
    }
    verdict
}

/// Tallies verdicts so that each test can insist its sample was not all of one kind.
#[derive(Default, Debug)]
struct Tally {
    mate: usize,
    mated: usize,
    none: usize,
}

impl Tally {
    fn add(&mut self, v: Verdict) {
        match v {
            Verdict::MateIn(_) => self.mate += 1,
            Verdict::MatedIn(_) => self.mated += 1,
            _ => self.none += 1,
        }
    }
}

#[test]
fn puzzles_agree_with_brute_force_within_two() {
    let Some(puzzles) = crate::common::puzzles() else {
        return;
    };
    let mut tally = Tally::default();
    // Every 40th puzzle of every file: mates in 1 to 5 and positions with none.
    for p in puzzles.iter().step_by(40) {
        tally.add(check(&p.pos, 2));
        // The position before the puzzle's solution, with the other side to move.
        if let Some(m) = p.solution {
            tally.add(check(&p.pos.after(m), 2));
        }
    }
    eprintln!("{tally:?}");
    assert!(
        tally.mate > 100 && tally.none > 100 && tally.mated > 20,
        "{tally:?}"
    );
}

#[test]
fn every_horizon_agrees_with_brute_force() {
    // The mate-in-one variants kept for the A/B measurement (BENCHMARKS.md) must
    // be as exact as the default: the same verdicts and keys, trees that replay.
    let Some(puzzles) = crate::common::puzzles() else {
        return;
    };
    for horizon in [Horizon::Generate, Horizon::Exact, Horizon::GlanceFirst] {
        let mut tally = Tally::default();
        for p in puzzles.iter().skip(7).step_by(120) {
            tally.add(check_with(&p.pos, 2, horizon));
        }
        assert!(tally.mate > 30 && tally.none > 30, "{horizon:?}: {tally:?}");
    }
}

#[test]
fn puzzles_agree_with_brute_force_within_three() {
    let Some(puzzles) = crate::common::puzzles() else {
        return;
    };
    let mut tally = Tally::default();
    let sample = puzzles.iter().filter(|p| {
        p.themes
            .as_ref()
            .is_some_and(|t| t.iter().any(|t| t == "mateIn2" || t == "mateIn3"))
    });
    for p in sample.step_by(25) {
        tally.add(check(&p.pos, 3));
    }
    eprintln!("{tally:?}");
    assert!(tally.mate > 30, "{tally:?}");
}

#[test]
fn matedtrack_agrees_with_brute_force() {
    // Lines with `bm #-1` and `bm #-2`: the side to move is mated.
    let Some(path) = crate::common::shared("matetrack/matedtrack.epd") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut tally = Tally::default();
    for line in text
        .lines()
        .filter(|l| l.contains("bm #-1;") || l.contains("bm #-2;"))
    {
        let pos = Position::from_epd_line(line.as_bytes()).unwrap();
        tally.add(check(&pos, 2));
    }
    assert!(tally.mated >= 40, "{tally:?}");
}

#[test]
fn random_game_positions_agree_with_brute_force() {
    let mut tally = Tally::default();
    for pos in crate::common::random_positions(12, 8).iter().step_by(3) {
        tally.add(check(pos, 2));
    }
    eprintln!("{tally:?}");
    assert!(tally.none > 100, "{tally:?}");
}

/// A random legal position with both kings and the given white men (and black ones
/// in lower case), either side to move.
fn random_endgame(rng: &mut Rng, men: &str) -> Option<Position> {
    let mut board = [None; 64];
    for c in "Kk".chars().chain(men.chars()) {
        let sq = loop {
            let sq = rng.below(64);
            let back = !(8..56).contains(&sq);
            if board[sq].is_none() && !(back && c.eq_ignore_ascii_case(&'p')) {
                break sq;
            }
        };
        board[sq] = Some(c);
    }
    let fen = kibitz::board::placement_fen(8, 8, |sq| board[sq]);
    let turn = if rng.below(2) == 0 { "w" } else { "b" };
    Position::from_fen(&format!("{fen} {turn} - - 0 1")).ok()
}

#[test]
fn random_endgames_agree_with_brute_force_within_three() {
    // Few men, many stalemates, quiet keys and mates against the side to move.
    let mut rng = Rng(0x5eed_0f3a_7e00);
    let mut tally = Tally::default();
    let mut quiet_keys = 0;
    for men in [
        "Q", "R", "RB", "QN", "RR", "QR", "BBN", "QP", "Rp", "Qr", "RNp",
    ] {
        let mut done = 0;
        while done < 40 {
            let Some(pos) = random_endgame(&mut rng, men) else {
                continue;
            };
            done += 1;
            let v = check(&pos, 3);
            tally.add(v);
            if let Verdict::MateIn(n) = v
                && n >= 2
            {
                let sol = solve(&pos, &SolveOptions::mate_in(n));
                quiet_keys += sol
                    .keys
                    .iter()
                    .filter(|k| is_quiet_without_threat(&pos, k.mv))
                    .count();
            }
        }
    }
    eprintln!("{tally:?}, {quiet_keys} quiet keys that threaten nothing");
    assert!(
        tally.mate >= 15 && tally.mated >= 10 && tally.none > 30,
        "{tally:?}"
    );
    assert!(quiet_keys > 0, "no zugzwang key in the sample");
}

/// A key that neither checks nor threatens mate in one: it wins by zugzwang.
fn is_quiet_without_threat(pos: &Position, mv: Move) -> bool {
    let after = pos.after(mv);
    !after.is_check() && kibitz::mate::mate_threats(&after).is_empty()
}

#[test]
fn zugzwang_key_is_found() {
    // 1.Rd5! threatens nothing (after a pass, Rh5+ Kh3 escapes) but leaves Black
    // only Kh3, and then Rh5#. Found by the random-endgame sample above; python-chess
    // agrees that d1d5 is the only key.
    let pos = Position::from_fen("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    assert_eq!(check(&pos, 3), Verdict::MateIn(2));
    let sol = solve(&pos, &SolveOptions::mate_in(3));
    let keys: Vec<String> = sol.keys.iter().map(|k| k.mv.uci()).collect();
    assert_eq!(keys, ["d1d5"]);
    assert!(is_quiet_without_threat(&pos, sol.keys[0].mv));
    let line: Vec<String> = sol.line.iter().map(|m| m.uci()).collect();
    assert_eq!(line, ["d1d5", "h4h3", "d5h5"]);
}

#[test]
fn stalemate_is_not_mate() {
    // Black to move has no move and is not in check.
    let pos = Position::from_fen("k7/8/1QK5/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        solve(&pos, &SolveOptions::mate_in(3)).outcome,
        Verdict::NoMateWithin(3)
    );
    // White must not play the stalemating Qb6; Qb7# and Qb8# mate.
    let pos = Position::from_fen("k7/2K5/8/8/8/8/8/1Q6 w - - 0 1").unwrap();
    let sol = solve(&pos, &SolveOptions::mate_in(1));
    let keys: Vec<String> = sol.keys.iter().map(|k| k.mv.uci()).collect();
    assert_eq!(sol.outcome, Verdict::MateIn(1));
    assert!(!keys.contains(&"b1b6".to_string()), "{keys:?}");
    check(&pos, 3);
}

#[test]
fn checkmated_and_degenerate_bounds() {
    // Fool's mate: White is checkmated.
    let pos = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    let sol = solve(
        &pos,
        &SolveOptions {
            tree: true,
            ..SolveOptions::mate_in(0)
        },
    );
    assert_eq!(sol.outcome, Verdict::MatedIn(0));
    assert_eq!(sol.tree, Some(Tree::Defences(Vec::new())));
    sol.verify(&pos).unwrap();
    let start = Position::startpos();
    assert_eq!(
        solve(&start, &SolveOptions::mate_in(0)).outcome,
        Verdict::NoMateWithin(0)
    );
    // A bound past the limit is cut to it, a zero table still works.
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    let opts = SolveOptions {
        hash_mb: 0,
        ..SolveOptions::mate_in(u32::MAX)
    };
    assert_eq!(solve(&pos, &opts).outcome, Verdict::MateIn(1));
    let opts = SolveOptions {
        hash_mb: usize::MAX,
        ..SolveOptions::mate_in(1)
    };
    assert_eq!(solve(&pos, &opts).outcome, Verdict::MateIn(1));
}

#[test]
fn limits_stop_cleanly() {
    // A mate in 4 from matetrack needs far more than 300 nodes (df-pn finds it
    // within about 2,000).
    let Some(path) = crate::common::shared("matetrack/matetrack.epd") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| l.contains("bm #4;")).unwrap();
    let pos = Position::from_epd_line(line.as_bytes()).unwrap();
    let limited = SolveOptions {
        limits: Limits {
            nodes: Some(300),
            ..Limits::default()
        },
        tree: true,
        ..SolveOptions::mate_in(4)
    };
    let sol = solve(&pos, &limited);
    let Verdict::Unknown { searched } = sol.outcome else {
        panic!("{:?}", sol.outcome)
    };
    assert!(searched < 4 && sol.keys.is_empty() && sol.tree.is_none());
    assert!(sol.nodes <= 301);
    let stop = SolveOptions {
        limits: Limits::stopped_by(Arc::new(AtomicBool::new(true))),
        ..SolveOptions::mate_in(4)
    };
    assert_eq!(solve(&pos, &stop).outcome, Verdict::Unknown { searched: 0 });
    let late = SolveOptions {
        limits: Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        },
        ..SolveOptions::mate_in(4)
    };
    assert_eq!(solve(&pos, &late).outcome, Verdict::Unknown { searched: 0 });
    // Without limits the same position is proven, and the tree replays.
    let full = solve(
        &pos,
        &SolveOptions {
            tree: true,
            ..SolveOptions::mate_in(4)
        },
    );
    assert!(
        matches!(full.outcome, Verdict::MateIn(n) if n <= 4),
        "{:?}",
        full.outcome
    );
    full.verify(&pos).unwrap();
    // The smallest node budget that proves the length leaves nothing for the keys
    // and the tree: the verdict stands, the rest is marked partial.
    let with_limit = |limit| {
        solve(
            &pos,
            &SolveOptions {
                limits: Limits {
                    nodes: Some(limit),
                    ..Limits::default()
                },
                tree: true,
                ..SolveOptions::mate_in(4)
            },
        )
    };
    let (mut lo, mut hi) = (0, full.nodes);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if with_limit(mid).outcome == full.outcome {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let cut = with_limit(hi);
    assert_eq!(cut.outcome, full.outcome);
    assert!(!cut.complete);
    if cut.shortest {
        assert!(cut.tree.is_none());
    } else {
        // A mate df-pn proved, not yet proven the shortest, keeps its proof tree.
        cut.verify(&pos).unwrap();
    }
    // The key is the move that proved the mate, even with no node left to
    // confirm it.
    assert!(!cut.keys.is_empty());
    assert!(cut.keys.iter().all(|k| full.keys.contains(k)));
}

#[test]
fn verify_rejects_broken_trees() {
    use kibitz::prover::VerifyErrorKind as Kind;
    let pos = Position::from_fen("8/8/8/8/7k/5K2/8/3R4 w - - 0 1").unwrap();
    let good = solve(
        &pos,
        &SolveOptions {
            tree: true,
            ..SolveOptions::mate_in(2)
        },
    );
    good.verify(&pos).unwrap();
    let kind = |sol: &kibitz::prover::Solution| sol.verify(&pos).unwrap_err().kind;
    let keys = |sol: &mut kibitz::prover::Solution| match &mut sol.tree {
        Some(Tree::Keys(keys)) => keys.clone(),
        _ => unreachable!(),
    };
    let with = |keys: Vec<kibitz::prover::TreeMove>| {
        let mut sol = good.clone();
        sol.tree = Some(Tree::Keys(keys));
        sol
    };
    let mut sol = good.clone();
    let base = keys(&mut sol);

    // A defence left out: the only one here, so Rd5 no longer stands as a mate.
    let mut t = base.clone();
    t[0].replies.clear();
    assert_eq!(kind(&with(t)), Kind::NotCheckmate(base[0].mv));
    // A defence listed twice.
    let mut t = base.clone();
    let again = t[0].replies[0].clone();
    t[0].replies.push(again.clone());
    assert_eq!(kind(&with(t)), Kind::DuplicateDefence(again.mv));
    // A "mate" that is not one: Rd5-d8 after Kh3 checks nothing.
    let mut t = base.clone();
    let after = pos.after(t[0].mv).after(t[0].replies[0].mv);
    let quiet = after.parse_uci("d5d8").unwrap();
    t[0].replies[0].then.as_mut().unwrap().mv = quiet;
    assert_eq!(kind(&with(t)), Kind::NotCheckmate(quiet));
    // A move that is not legal there.
    let mut t = base.clone();
    // (the rook left d1 with the key).
    t[0].replies[0].then.as_mut().unwrap().mv = base[0].mv;
    assert_eq!(kind(&with(t)), Kind::Illegal(base[0].mv));
    // Claimed shorter than the tree.
    let mut sol = good.clone();
    sol.outcome = Verdict::MateIn(1);
    sol.keys[0].mate_in = 1;
    assert_eq!(kind(&sol), Kind::TooLong { allowed: 0 });
    // Claims no search makes are refused, not replayed (nor a panic).
    for n in [0, u32::MAX] {
        let mut sol = good.clone();
        sol.outcome = Verdict::MateIn(n);
        sol.keys[0].mate_in = n;
        assert!(matches!(kind(&sol), Kind::TooLong { .. }), "{n}");
    }
    let mut sol = good.clone();
    sol.outcome = Verdict::MatedIn(u32::MAX);
    assert!(matches!(kind(&sol), Kind::TooLong { .. }));
    // Keys that are not the tree's.
    let mut sol = good.clone();
    sol.keys.clear();
    assert_eq!(kind(&sol), Kind::KeysDiffer);
    // A principal line cut short.
    let mut sol = good.clone();
    sol.line.pop();
    assert_eq!(kind(&sol), Kind::BadLine);
    // No tree for a claimed mate.
    let mut sol = good.clone();
    sol.tree = None;
    assert_eq!(kind(&sol), Kind::NoTree);
    assert!(
        sol.verify(&pos)
            .unwrap_err()
            .to_string()
            .contains("no tree")
    );
}

/// [`check`] with the df-pn engine.
fn check_dfpn(pos: &Position, bound: u32) -> Verdict {
    check_engine(pos, bound, Horizon::default(), Engine::DfPn)
}

#[test]
fn dfpn_puzzles_agree_with_brute_force_within_three() {
    let Some(puzzles) = crate::common::puzzles() else {
        return;
    };
    let mut tally = Tally::default();
    let sample = puzzles.iter().filter(|p| {
        p.themes
            .as_ref()
            .is_some_and(|t| t.iter().any(|t| t == "mateIn2" || t == "mateIn3"))
    });
    for p in sample.step_by(25) {
        tally.add(check_dfpn(&p.pos, 3));
    }
    for p in puzzles.iter().step_by(40).take(150) {
        tally.add(check_dfpn(&p.pos, 2));
        check_engine(&p.pos, 2, Horizon::default(), Engine::Portfolio);
    }
    eprintln!("{tally:?}");
    assert!(tally.mate > 30 && tally.none > 30, "{tally:?}");
}

#[test]
fn dfpn_matedtrack_agrees_with_brute_force() {
    let Some(path) = crate::common::shared("matetrack/matedtrack.epd") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut tally = Tally::default();
    for line in text
        .lines()
        .filter(|l| l.contains("bm #-1;") || l.contains("bm #-2;"))
    {
        let pos = Position::from_epd_line(line.as_bytes()).unwrap();
        tally.add(check_dfpn(&pos, 2));
    }
    assert!(tally.mated >= 40, "{tally:?}");
}

#[test]
fn dfpn_random_positions_agree_with_brute_force() {
    let mut tally = Tally::default();
    for pos in crate::common::random_positions(12, 8).iter().step_by(3) {
        tally.add(check_dfpn(pos, 2));
    }
    let mut rng = Rng(0xdf9e_0f3a_7e01);
    for men in ["Q", "R", "RB", "QN", "RR", "BBN", "QP", "Rp", "Qr", "RNp"] {
        let mut done = 0;
        while done < 25 {
            let Some(pos) = random_endgame(&mut rng, men) else {
                continue;
            };
            done += 1;
            tally.add(check_dfpn(&pos, 3));
        }
    }
    eprintln!("{tally:?}");
    assert!(
        tally.mate >= 10 && tally.mated >= 5 && tally.none > 100,
        "{tally:?}"
    );
}

#[test]
fn dfpn_limits_stop_cleanly() {
    let Some(path) = crate::common::shared("matetrack/matetrack.epd") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| l.contains("bm #4;")).unwrap();
    let pos = Position::from_epd_line(line.as_bytes()).unwrap();
    let dfpn = |opts: &SolveOptions| solve_with(&pos, opts, Engine::DfPn);
    let limited = dfpn(&SolveOptions {
        limits: Limits {
            nodes: Some(50),
            ..Limits::default()
        },
        tree: true,
        ..SolveOptions::mate_in(4)
    });
    assert_eq!(limited.outcome, Verdict::Unknown { searched: 0 });
    assert!(limited.keys.is_empty() && limited.tree.is_none() && !limited.complete);
    assert!(limited.nodes <= 51, "{}", limited.nodes);
    let stop = SolveOptions {
        limits: Limits {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..Limits::default()
        },
        ..SolveOptions::mate_in(4)
    };
    assert_eq!(dfpn(&stop).outcome, Verdict::Unknown { searched: 0 });
    let late = SolveOptions {
        limits: Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        },
        ..SolveOptions::mate_in(4)
    };
    assert_eq!(dfpn(&late).outcome, Verdict::Unknown { searched: 0 });
    // Without limits: the same verdict and keys as iterative deepening, and a tree.
    let opts = SolveOptions {
        tree: true,
        ..SolveOptions::mate_in(6)
    };
    let full = dfpn(&opts);
    let id = solve(&pos, &opts);
    assert_eq!(full.outcome, id.outcome);
    assert!(full.shortest && full.complete);
    assert_eq!(full.keys, id.keys);
    full.verify(&pos).unwrap();
    // Every node budget gives either nothing, a length not yet proven shortest
    // (marked), or the proven answer: never a false claim.
    let Verdict::MateIn(n) = full.outcome else {
        panic!("{:?}", full.outcome)
    };
    let mut unproven_shortest = 0;
    let cut_at = |engine, limit, tree| {
        solve_with(
            &pos,
            &SolveOptions {
                limits: Limits {
                    nodes: Some(limit),
                    ..Limits::default()
                },
                tree,
                ..SolveOptions::mate_in(6)
            },
            engine,
        )
    };
    // The portfolio too: its quarter of iterative deepening fails below the
    // nodes iterative deepening needs, and df-pn goes on.
    let budgets = (1..=20).map(|i| (Engine::DfPn, full.nodes * i / 20));
    let portfolio = (1..=8).map(|i| (Engine::Portfolio, id.nodes * i / 2));
    for (engine, limit) in budgets.chain(portfolio) {
        let cut = cut_at(engine, limit, true);
        match cut.outcome {
            Verdict::Unknown { searched } => assert!(!cut.complete && searched < n),
            Verdict::MateIn(m) if m > n => {
                assert!(!cut.shortest && !cut.complete && cut.keys.len() == 1);
                assert!(cut.keys.iter().all(|k| k.mate_in == m));
                unproven_shortest += 1;
            }
            Verdict::MateIn(m) if m == n => {
                assert!(
                    !cut.keys.is_empty(),
                    "limit {limit}: a proven mate without a key"
                );
                if !cut.shortest {
                    unproven_shortest += 1;
                } else {
                    assert!(cut.keys.iter().all(|k| full.keys.contains(k)));
                }
                if cut.complete {
                    cut.verify(&pos).unwrap();
                }
            }
            other => panic!("limit {limit}: {other:?}"),
        }
    }
    eprintln!("{unproven_shortest} budgets proved a mate but not its length");
    // Every budget just past the least that proves the length the shortest: the
    // keys are not all confirmed, yet the record names the move that proved it.
    let shortest_by = |limit: u64| {
        let cut = cut_at(Engine::DfPn, limit, false);
        (cut.outcome == full.outcome && cut.shortest).then_some(cut)
    };
    let (mut lo, mut hi) = (0, full.nodes);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if shortest_by(mid).is_some() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    for limit in hi..hi + 40 {
        let cut = shortest_by(limit).expect("a larger budget proves it too");
        assert!(
            !cut.keys.is_empty(),
            "limit {limit}: a proven mate without a key"
        );
        assert!(
            cut.keys.iter().all(|k| full.keys.contains(k)),
            "limit {limit}"
        );
    }
}

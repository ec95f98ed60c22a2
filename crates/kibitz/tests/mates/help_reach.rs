//! The mate-reach test cuts helpmate and series-mate lines that cannot end in
//! mate in time (issue 45): it must never lose one. On seeded random sparse
//! positions each stipulation is solved with the test and without it, and the
//! two solution sets must be equal (the search without it is the exhaustive
//! one the python-chess oracle checks in `test_problems.py`).

use crate::common::{Rng, sparse_fen};
use kibitz::Position;
use kibitz::problem::{HelpTechniques, ProblemOptions, solve};

/// Every solution line, sorted, the outcome and the nodes searched.
fn lines(pos: &Position, stip: &str, reach: bool) -> (Vec<String>, String, u64) {
    let opts = ProblemOptions {
        help: HelpTechniques {
            reach,
            ..HelpTechniques::default()
        },
        ..ProblemOptions::new(stip.parse().unwrap())
    };
    let sol = solve(pos, &opts);
    assert!(sol.complete);
    // The moves as the engine writes them (a series line's moves are played
    // from passed positions, so not replayed here).
    let mut out: Vec<String> = sol.solutions.iter().map(|l| format!("{l:?}")).collect();
    out.sort();
    (out, format!("{:?}", sol.outcome), sol.nodes)
}

/// Solves `count` seeded positions of `few` to `few + 4` men besides the kings
/// with each of `stips`, with the test and without; returns the positions
/// solved and the nodes (with, without).
fn compare(seed: u64, count: usize, few: usize, stips: &[&str]) -> (Vec<usize>, u64, u64) {
    let mut rng = Rng(seed);
    let mut solved = vec![0; stips.len()];
    let (mut with, mut without) = (0, 0);
    let mut positions = 0;
    while positions < count {
        let men = few + rng.below(5);
        let fen = sparse_fen(&mut rng, 8, b"QRBNPPqrbnpp", men);
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        if !pos.has_legal_move() {
            continue;
        }
        positions += 1;
        for (i, stip) in stips.iter().enumerate() {
            let (cut, cut_outcome, n1) = lines(&pos, stip, true);
            let (all, all_outcome, n0) = lines(&pos, stip, false);
            assert_eq!(cut, all, "{fen} {stip}");
            assert_eq!(cut_outcome, all_outcome, "{fen} {stip}");
            solved[i] += usize::from(!all.is_empty());
            with += n1;
            without += n0;
        }
    }
    (solved, with, without)
}

#[test]
fn the_mate_reach_test_loses_no_solution() {
    let stips = ["h#2", "h#2.5", "ser-h#3", "ser-#2"];
    let (solved, with, without) = compare(0x5eed_0045, 80, 3, &stips);
    eprintln!("solved {stips:?}: {solved:?}; nodes {with} with the test, {without} without");
    // Solutions of each kind are among those compared, and the test cuts.
    assert!(solved.iter().all(|&n| n > 0), "{solved:?}");
    assert!(with < without, "{with} vs {without}");
}

#[test]
#[ignore = "minutes in debug: run in release"]
fn the_mate_reach_test_loses_no_solution_deeper() {
    let stips = ["h#3", "ser-h#4", "ser-#3"];
    let (solved, with, without) = compare(0x5eed_0046, 30, 3, &stips);
    eprintln!("solved {stips:?}: {solved:?}; nodes {with} with the test, {without} without");
    assert!(solved.iter().all(|&n| n > 0), "{solved:?}");
    assert!(with < without, "{with} vs {without}");
}

#[test]
fn the_mate_reach_test_loses_no_solution_among_many_men() {
    // Six to ten men: the mating side's pieces share the moves left, each
    // guarding from the one square it ends on, which is where the test cuts
    // most.
    let stips = ["h#2", "h#2.5"];
    let (solved, with, without) = compare(0x5eed_0047, 40, 6, &stips);
    eprintln!("solved {stips:?}: {solved:?}; nodes {with} with the test, {without} without");
    assert!(solved.iter().all(|&n| n > 0), "{solved:?}");
    assert!(with < without, "{with} vs {without}");
}

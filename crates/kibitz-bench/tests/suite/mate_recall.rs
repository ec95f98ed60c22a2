//! Guards the figures in BENCHMARKS.md ("Mate detection"): the glance detector's
//! recall per pattern and the agreement with Lichess's themes must not drop.

use kibitz::mate::Pattern;
use kibitz_bench::mate_report::puzzles;
use kibitz_bench::mate_stats::{LichessLabel, MateStats, percent};

/// (pattern, glance recall %, Lichess agreement %) as measured by
/// `kibitz-bench mate-report`.
const MEASURED: [(Pattern, f64, f64); 10] = [
    (Pattern::BackRank, 96.3, 100.0),
    (Pattern::Smothered, 100.0, 100.0),
    (Pattern::Boden, 100.0, 100.0),
    (Pattern::DoubleBishop, 100.0, 94.4),
    (Pattern::Hook, 100.0, 100.0),
    (Pattern::Anastasia, 47.8, 100.0),
    (Pattern::Arabian, 100.0, 100.0),
    (Pattern::Dovetail, 98.4, 100.0),
    (Pattern::Epaulette, 38.3, 0.0),
    (Pattern::CloseQueen, 100.0, 0.0),
];

#[test]
fn recall_and_agreement_do_not_drop() {
    let Some(lichess) = kibitz_testdata::path("lichess") else {
        return;
    };
    let data = lichess.parent().expect("lichess/ is in the data folder");
    let mut stats = MateStats::default();
    for (pos, themes, solution) in puzzles(data).unwrap() {
        let themes: Option<Vec<&str>> = themes
            .as_ref()
            .map(|t| t.iter().map(String::as_str).collect());
        let label = themes
            .as_deref()
            .zip(solution)
            .map(|(themes, solution)| LichessLabel { themes, solution });
        stats.add(&pos, label);
    }
    assert_eq!(stats.false_positives, 0);
    for (pattern, recall, agreement) in MEASURED {
        let c = stats.pattern(pattern);
        let r = percent(c.glance, c.mates);
        assert!(r >= recall - 0.5, "{pattern}: recall {r:.1} % < {recall} %");
        if pattern.is_lichess_theme() {
            let a = percent(c.both, c.both + c.lichess_only + c.ours_only);
            assert!(
                a >= agreement - 0.5,
                "{pattern}: agreement {a:.1} % < {agreement} %"
            );
        }
    }
    // The seed's queen contact mate: every one, no exceptions.
    let q = stats.pattern(Pattern::CloseQueen);
    assert_eq!(q.glance, q.mates);
    assert!(percent(stats.glance_mates, stats.mates) >= 57.0);
}

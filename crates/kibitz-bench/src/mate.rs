//! Timing helpers for mate detection: kibitz's own answers, ready to be run side by
//! side with the peers' brute force in the harness. Each returns a count so the work
//! cannot be optimised away.

use kibitz::Position;
use kibitz::mate::{count_mates_in_one, has_glance_mate};

/// Brute force with kibitz: every legal move played, the result tested for mate.
/// Returns the number of mating moves.
pub fn brute_force(positions: &[Position]) -> usize {
    positions
        .iter()
        .map(|pos| {
            pos.legal_moves()
                .iter()
                .filter(|&&mv| pos.after(mv).is_checkmate())
                .count()
        })
        .sum()
}

/// [`kibitz::mate::mates_in_one`] without building lists: the number of mating moves.
pub fn mates_in_one(positions: &[Position]) -> usize {
    positions.iter().map(count_mates_in_one).sum()
}

/// The glance detector: the number of positions where it sees a mate.
pub fn glance(positions: &[Position]) -> usize {
    positions.iter().filter(|p| has_glance_mate(p)).count()
}

/// All puzzle positions (each CSV's FEN after the first move of `Moves`) and every
/// position of the games in the shared data's `pgn/`, as FENs.
pub fn corpus() -> anyhow::Result<Vec<String>> {
    use anyhow::Context;
    let data = crate::shared_data()?;
    let mut fens = Vec::new();
    // Each folder's files in name order, so every run sees the same positions.
    let sorted_files = |folder: &str| -> anyhow::Result<Vec<std::path::PathBuf>> {
        let mut files: Vec<_> = std::fs::read_dir(data.join(folder))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        files.sort();
        Ok(files)
    };
    for path in sorted_files("lichess")? {
        let text = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        for (line, row) in kibitz::notation::lichess::read_puzzles(&text) {
            let puzzle = row.with_context(|| format!("{}:{line}", path.display()))?;
            fens.push(puzzle.position.fen());
        }
    }
    for path in sorted_files("pgn")? {
        let bytes = std::fs::read(&path)?;
        for game in kibitz::notation::pgn::read_games(&bytes)
            .into_iter()
            .flatten()
        {
            fens.extend(game.positions().map(|pos| pos.fen()));
        }
    }
    Ok(fens)
}

/// Runs the mate benchmark: brute force with cozy-chess, shakmaty and kibitz, then
/// kibitz's `mates_in_one` and glance, interleaved, `rounds` times. Ratios are taken
/// against the fastest brute-force peer of the same round.
pub fn run(rounds: usize) -> anyhow::Result<String> {
    let mut report = run_on("all puzzles and all game positions", &corpus()?, rounds)?;
    report.push('\n');
    report.push_str(&run_on(
        "positions from seeded random play, the issue's own baseline",
        &random_play(100_000),
        rounds,
    )?);
    Ok(report)
}

/// `n` positions reached by random legal play from the start position (games of up
/// to 200 plies, restarted at the end of each game), seeded so every run sees the same.
pub fn random_play(n: usize) -> Vec<String> {
    let mut seed = 0x6D61_7465_696E_3121u64;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut fens = Vec::with_capacity(n);
    let mut pos = Position::startpos();
    let mut ply = 0;
    while fens.len() < n {
        let moves = pos.legal_moves();
        if moves.is_empty() || ply >= 200 {
            pos = Position::startpos();
            ply = 0;
            continue;
        }
        fens.push(pos.fen());
        pos.play_unchecked(moves[next(moves.len())]);
        ply += 1;
    }
    fens
}

/// The side-by-side table on one set of positions.
fn run_on(name: &str, fens: &[String], rounds: usize) -> anyhow::Result<String> {
    use crate::harness::{Table, median};
    use crate::peers;
    use std::hint::black_box;
    use std::time::Instant;

    let ours: Vec<Position> = fens
        .iter()
        .filter_map(|f| Position::from_fen(f).ok())
        .collect();
    let cozy: Vec<cozy_chess::Board> = fens
        .iter()
        .map(|f| peers::cozy::parse(f))
        .collect::<anyhow::Result<_>>()?;
    let shak = peers::shakmaty::parse_all(fens)?;
    anyhow::ensure!(ours.len() == fens.len());

    let names = [
        "cozy-chess brute force",
        "shakmaty brute force",
        "kibitz brute force",
        "kibitz mates_in_one",
        "kibitz glance",
    ];
    let mut rates: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let mut counts = [0usize; 5];
    for round in 0..rounds {
        eprintln!("round {}/{rounds}", round + 1);
        let mut secs = [0f64; 5];
        for k in 0..names.len() {
            let which = (k + round) % names.len();
            let t = Instant::now();
            let n = match which {
                0 => cozy.iter().map(peers::cozy::mates_in_one).sum(),
                1 => shak.iter().map(peers::shakmaty::mates_in_one).sum(),
                2 => brute_force(&ours),
                3 => mates_in_one(&ours),
                _ => glance(&ours),
            };
            secs[which] = t.elapsed().as_secs_f64();
            counts[which] = black_box(n);
        }
        anyhow::ensure!(
            counts[0] == counts[1] && counts[1] == counts[2] && counts[2] == counts[3],
            "mate counts differ: {counts:?}"
        );
        let fastest_peer = secs[0].min(secs[1]);
        for k in 0..names.len() {
            rates[k].push(fens.len() as f64 / secs[k]);
            ratios[k].push(fastest_peer / secs[k]);
        }
    }
    let m = |v: &[f64]| median(v).unwrap_or(f64::NAN);
    let mut table = Table::new(
        [
            "method",
            "positions/s",
            "× fastest peer brute force",
            "found",
        ]
        .map(String::from),
    );
    for (k, name) in names.iter().enumerate() {
        let found = if k == 4 {
            format!("{} positions", counts[k])
        } else {
            format!("{} mates", counts[k])
        };
        table.rows.push(vec![
            name.to_string(),
            format!("{:.0}", m(&rates[k])),
            format!("{:.2}", m(&ratios[k])),
            found,
        ]);
    }
    Ok(format!(
        "mate in one on {} positions ({name}), median of {rounds} rounds\n{}",
        fens.len(),
        table.render()
    ))
}

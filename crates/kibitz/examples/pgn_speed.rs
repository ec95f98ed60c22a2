//! How fast PGN is read: the files of the shared data's pgn/ repeated into about 50 MB in memory,
//! then read by each reader, best of three runs.
//!
//! ```text
//! cargo run -p kibitz --release --example pgn_speed [MEGABYTES [NAME-FILTER]]
//! ```

use std::ops::ControlFlow;
use std::time::Instant;

use kibitz::notation::pgn::{GameEnd, PgnReader, Reader, Visitor, read_games, visit_games};
use kibitz::{Move, Position};

/// Counts games and plies, playing every move, or only lexing when `skip`.
#[derive(Default)]
struct Count {
    skip: bool,
    games: usize,
    plies: usize,
    errors: usize,
}

impl Visitor for Count {
    fn begin_movetext(&mut self, _: &Position) -> ControlFlow<()> {
        if self.skip {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn ply(&mut self, _: &Position, _: Move, _: &[u8]) -> ControlFlow<()> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        self.games += 1;
        self.errors += usize::from(end.error.is_some());
    }
}

fn measure(name: &str, bytes: &[u8], mut run: impl FnMut() -> (usize, usize)) {
    let filter = std::env::args().nth(2).unwrap_or_default();
    if !name.contains(&filter) {
        return;
    }
    let mut best = f64::INFINITY;
    let mut counts = (0, 0);
    for _ in 0..3 {
        let started = Instant::now();
        counts = run();
        best = best.min(started.elapsed().as_secs_f64());
    }
    let mb = bytes.len() as f64 / 1e6;
    println!(
        "{name:<34} {:>8.1} MB/s {:>10.0} games/s  ({} games, {} plies, {best:.3} s)",
        mb / best,
        counts.0 as f64 / best,
        counts.0,
        counts.1
    );
}

fn main() {
    let megabytes: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let dir = kibitz_testdata::path("pgn").expect("the shared test data (set KIBITZ_TEST_DATA)");
    let mut corpus = Vec::new();
    for name in [
        "Capablanca.pgn",
        "London1851.pgn",
        "WorldChamp1886.pgn",
        "tatamast22.pgn",
    ] {
        corpus.extend(std::fs::read(dir.join(name)).expect("pgn"));
        corpus.extend(b"\n\n");
    }
    let mut bytes = Vec::with_capacity(megabytes << 20);
    while bytes.len() < megabytes << 20 {
        bytes.extend_from_slice(&corpus);
    }
    println!("{:.1} MB of PGN", bytes.len() as f64 / 1e6);

    measure("visit_games, lexing only", &bytes, || {
        let mut count = Count {
            skip: true,
            ..Count::default()
        };
        visit_games(&bytes, 1, &mut count);
        (count.games, count.plies)
    });
    measure("visit_games, playing every move", &bytes, || {
        let mut count = Count::default();
        visit_games(&bytes, 1, &mut count);
        assert_eq!(count.errors, 0);
        (count.games, count.plies)
    });
    measure("Reader (streaming), playing", &bytes, || {
        let mut count = Count::default();
        let mut reader = Reader::new(&bytes[..]);
        while reader.visit_game(&mut count).unwrap() {}
        (count.games, count.plies)
    });
    measure("read_games (Game values)", &bytes, || {
        let games = read_games(&bytes);
        let plies = games.iter().flatten().map(|g| g.plies()).sum();
        (games.len(), plies)
    });
    measure("PgnReader (Game values)", &bytes, || {
        let mut games = 0;
        let mut plies = 0;
        for game in PgnReader::new(&bytes[..]) {
            games += 1;
            plies += game.map_or(0, |g| g.plies());
        }
        (games, plies)
    });
}

//! The helpers kibitz's test binaries share: the outside data's puzzles and
//! matetrack positions, the brute-force mate oracle, a seeded generator and random games.
#![allow(dead_code)]

use std::path::PathBuf;

use kibitz::notation::lichess::read_puzzles;
use kibitz::variant::{Variant, VariantPosition};
use kibitz::{Move, Position};

/// The outside test data's file or folder `relative`, or `None` (said on stderr)
/// when it is absent: the caller's test skips then.
pub fn shared(relative: &str) -> Option<PathBuf> {
    kibitz_testdata::path(relative)
}

/// The obviously correct answer: play every legal move, keep those that mate.
pub fn oracle(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&mv| pos.after(mv).is_checkmate())
        .collect()
}

/// Moves as sorted UCI strings, for comparisons that ignore order.
pub fn ucis(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

/// The oracle's mating moves as sorted UCI strings.
pub fn mating_ucis(pos: &Position) -> Vec<String> {
    ucis(oracle(pos))
}

/// The built-in Musketeer variant.
pub fn musketeer() -> Variant {
    Variant::builtin("musketeer").unwrap()
}

/// A variant position's legal moves as sorted UCI strings.
pub fn variant_ucis(pos: &VariantPosition) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
    v.sort();
    v
}

/// A puzzle position and, when the file has a Themes column, its themes.
pub struct Puzzle {
    pub file: String,
    pub pos: Position,
    pub themes: Option<Vec<String>>,
    /// The solution's first move (the second move of `Moves`), played in `pos`.
    pub solution: Option<Move>,
}

/// Every puzzle position of the shared data's `lichess/`: FEN after the first move of
/// Moves; `None` when that data is absent.
pub fn puzzles() -> Option<Vec<Puzzle>> {
    let mut files: Vec<_> = std::fs::read_dir(shared("lichess")?)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        for (line, row) in read_puzzles(&text) {
            let puzzle = row.unwrap_or_else(|e| panic!("{name}:{line}: {e}"));
            let solution = puzzle.solution().unwrap();
            out.push(Puzzle {
                file: name.clone(),
                pos: puzzle.position,
                themes: puzzle.themes,
                solution,
            });
        }
    }
    Some(out)
}

/// EPD positions of the shared data's `matetrack/` (first four fields of each line);
/// `None` when that data is absent.
pub fn matetrack() -> Option<Vec<Position>> {
    let dir = shared("matetrack")?;
    let mut out = Vec::new();
    for name in ["matetrack.epd", "matedtrack.epd", "mates2000.epd"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            out.push(Position::from_fen(&fen.join(" ")).unwrap());
        }
    }
    Some(out)
}

/// `(position, N)` of each line of a matetrack EPD `text` that has a `bm #N` with
/// N > 0 (a mate for the side to move), in file order.
pub fn mate_bounds(text: &str) -> Vec<(Position, u32)> {
    text.lines()
        .filter_map(|l| {
            let bm: u32 = l
                .split("bm #")
                .nth(1)?
                .split(';')
                .next()?
                .trim()
                .parse()
                .ok()?;
            Some((Position::from_epd_line(l.as_bytes()).ok()?, bm))
        })
        .collect()
}

/// A small deterministic random generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions from random play: `games` games from the start, every position kept.
/// Moves that mate are preferred now and then so that mates are not too rare.
pub fn random_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
    }
    out
}

/// A random sparse FEN of `files` × 8 with both kings and `men` other men.
pub fn sparse_fen(rng: &mut Rng, files: usize, letters: &[u8], men: usize) -> String {
    let mut board = vec![None; files * 8];
    let mut place = |c: u8, rng: &mut Rng| loop {
        let sq = rng.below(files * 8);
        let back = sq < files || sq >= files * 7;
        if board[sq].is_none() && !(back && c.eq_ignore_ascii_case(&b'p')) {
            board[sq] = Some(c as char);
            return;
        }
    };
    place(b'K', rng);
    place(b'k', rng);
    for _ in 0..men {
        let c = letters[rng.below(letters.len())];
        place(c, rng);
    }
    let fen = kibitz::board::placement_fen(files, 8, |sq| board[sq]);
    let turn = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{fen} {turn} - - 0 1")
}

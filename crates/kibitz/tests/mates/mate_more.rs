//! More evidence for the mate code: every game position of the shared data's `pgn/`, cozy-chess
//! as an independent oracle, and near-miss variants of every glance mate.

use crate::common::{Rng, mating_ucis, puzzles, random_positions, ucis};
use kibitz::Position;
use kibitz::mate::{count_mates_in_one, glance, glance_threats, mate_threats, mates_in_one};
use kibitz::notation::pgn::read_games;

/// Glance ⊆ exact, both sides; exact = oracle. Returns glance false positives.
fn check(pos: &Position) -> usize {
    let exact = ucis(mates_in_one(pos));
    assert_eq!(exact, mating_ucis(pos), "{}", pos.fen());
    let threats = ucis(mate_threats(pos));
    let mut fp = glance(pos)
        .iter()
        .filter(|g| !exact.contains(&g.mv.uci()))
        .inspect(|g| eprintln!("false positive {} {}", pos.fen(), g.mv))
        .count();
    fp += glance_threats(pos)
        .iter()
        .filter(|g| !threats.contains(&g.mv.uci()))
        .inspect(|g| eprintln!("false threat {} {}", pos.fen(), g.mv))
        .count();
    fp
}

#[test]
fn every_game_position() {
    let Some(dir) = crate::common::shared("pgn") else {
        return;
    };
    let mut positions = 0;
    let mut fp = 0;
    let mut mates = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        for game in read_games(&bytes) {
            let game = game.unwrap();
            for (ply, pos) in game.positions().enumerate() {
                fp += check(&pos);
                // The final position's mates were counted before too; keep the tally
                // to the positions in which a move was played.
                if ply < game.moves.len() {
                    mates += mates_in_one(&pos).len();
                }
                positions += 1;
            }
        }
    }
    assert!(positions > 70_000, "{positions}");
    assert!(mates > 20, "{mates}");
    assert_eq!(fp, 0);
}

/// Legal move counts, checkmate and the number of mating moves by cozy-chess.
fn cozy(fen: &str) -> (usize, bool, usize) {
    let board = cozy_chess::Board::from_fen(fen, false).unwrap();
    let mut moves = Vec::new();
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    let mate = moves.is_empty() && !board.checkers().is_empty();
    let mating = moves
        .iter()
        .filter(|&&mv| {
            let mut next = board.clone();
            next.play_unchecked(mv);
            next.status() == cozy_chess::GameStatus::Won
        })
        .count();
    (moves.len(), mate, mating)
}

#[test]
fn cozy_chess_agrees_on_random_positions() {
    for pos in random_positions(0xC0_2E, 200) {
        let fen = pos.fen();
        let (count, mate, mating) = cozy(&fen);
        assert_eq!(pos.count_legal_moves() as usize, count, "{fen}");
        assert_eq!(pos.is_checkmate(), mate, "{fen}");
        assert_eq!(count_mates_in_one(&pos), mating, "{fen}");
    }
}

/// The board of a FEN as 64 chars (a8..h8, a7.. — FEN order), '.' for empty.
fn expand(fen: &str) -> Vec<char> {
    let mut b = Vec::new();
    for c in fen.split(' ').next().unwrap().chars() {
        match c {
            '/' => {}
            d if d.is_ascii_digit() => {
                b.extend(std::iter::repeat_n('.', d as usize - '0' as usize))
            }
            p => b.push(p),
        }
    }
    b
}

fn compress(board: &[char], turn: &str) -> String {
    let mut s = String::new();
    for rank in 0..8 {
        let mut empty = 0;
        for file in 0..8 {
            let c = board[rank * 8 + file];
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank < 7 {
            s.push('/');
        }
    }
    format!("{s} {turn} - - 0 1")
}

/// Near misses of each glance mate: one man added on any empty square (a defender of
/// the mating square, an interposer — knight, pawn push, double push —, a pinner of the
/// mating piece, an x-ray defender behind the queen, a checker of the mating side), or
/// one man taken away (an escape square opened, a support removed).
fn near_misses(pos: &Position) -> Vec<Position> {
    let fen = pos.fen();
    let turn = fen.split(' ').nth(1).unwrap().to_string();
    let board = expand(&fen);
    let mut out = Vec::new();
    for i in 0..64 {
        if board[i] == '.' {
            for p in "PNBRQpnbrq".chars() {
                let mut b = board.clone();
                b[i] = p;
                if let Ok(v) = Position::from_fen(&compress(&b, &turn)) {
                    out.push(v);
                }
            }
        } else if !"Kk".contains(board[i]) {
            let mut b = board.clone();
            b[i] = '.';
            if let Ok(v) = Position::from_fen(&compress(&b, &turn)) {
                out.push(v);
            }
        }
    }
    out
}

#[test]
fn near_misses_of_glance_mates() {
    let mut rng = Rng(0x5EED);
    let Some(puzzles) = puzzles() else {
        return;
    };
    let mut sources: Vec<Position> = puzzles
        .into_iter()
        .map(|p| p.pos)
        .filter(|p| !glance(p).is_empty() || !glance_threats(p).is_empty())
        .filter(|_| rng.below(25) == 0)
        .collect();
    sources.extend(
        random_positions(0xBEEF, 100)
            .into_iter()
            .filter(|p| !glance(p).is_empty()),
    );
    assert!(sources.len() > 300, "{}", sources.len());
    let mut variants = 0;
    let mut fp = 0;
    for src in &sources {
        for v in near_misses(src) {
            variants += 1;
            fp += check(&v);
        }
    }
    eprintln!("{} sources, {variants} near-miss variants", sources.len());
    assert!(variants > 100_000, "{variants}");
    assert_eq!(fp, 0);
}

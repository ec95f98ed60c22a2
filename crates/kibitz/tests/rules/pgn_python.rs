//! Game boundaries and odd movetext against python-chess, on PGN files generated
//! here from random games (fixed seeds): tags in any order (Lichess study exports
//! put `[Termination]` before `[Event]`), comments holding blank lines and lines
//! starting with `[`, en-passant marks written apart from their move (`exd6 e.p.`,
//! `exd6 ep`). Every game must read as python-chess reads it: the same number of
//! games, and in each the same plies and final position.
//!
//! Needs python-chess: `KIBITZ_PYTHON=/path/to/python` (default: the workspace's
//! `.venv/bin/python`, as `./test.sh` makes it); skipped with a message without it,
//! a failure when `KIBITZ_PYTHON` names one without python-chess.

use std::fmt::Write as _;
use std::process::Command;

use crate::common::Rng;
use kibitz::Position;
use kibitz::notation::pgn::read_games;
use kibitz::notation::san;

/// Reads a PGN file and prints, per game, its plies and final FEN.
const READER: &str = r#"
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as handle:
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        board = game.end().board()
        print(len(board.move_stack), board.fen(), len(game.errors))
"#;

/// A comment as people (and Lichess studies) write them, some over several lines,
/// with blank lines and lines that start with `[`.
fn comment(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => "{ [%clk 0:01:00] }".to_string(),
        1 => "{ a comment\n\n[White \"not a tag\"]\nstill the comment }".to_string(),
        2 => "{\n\n[Event \"inside\"]\n\n}".to_string(),
        3 => "{ [%eval 0.3] [%clk 0:00:59] }".to_string(),
        4 => "{ two\n\nparagraphs }".to_string(),
        _ => "{ plain }".to_string(),
    }
}

/// One random game written as PGN: tags in a random order, moves with comments
/// and now and then an en-passant mark written apart from the move.
fn game(rng: &mut Rng, number: usize, out: &mut String) {
    let mut tags = vec![
        format!("[Event \"study: chapter {number}\"]"),
        "[Site \"https://lichess.org/study/x\"]".to_string(),
        "[Result \"*\"]".to_string(),
        "[Termination \"mate in 1\"]".to_string(),
        "[Annotator \"kibitz\"]".to_string(),
    ];
    // Termination first as Lichess studies write it, else any order, Event or not.
    match rng.below(3) {
        0 => tags.swap(0, 3),
        1 => {
            for i in (1..tags.len()).rev() {
                tags.swap(i, rng.below(i + 1));
            }
        }
        _ => {
            tags.remove(0);
        }
    }
    for tag in &tags {
        out.push_str(tag);
        out.push('\n');
    }
    out.push('\n');
    if rng.below(4) == 0 {
        out.push_str(&comment(rng));
        out.push('\n');
    }
    let mut pos = Position::startpos();
    let plies = rng.below(60);
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // En-passant captures are played when there is one, to write their mark.
        let mv = moves
            .iter()
            .copied()
            .find(|m| m.is_en_passant())
            .unwrap_or_else(|| moves[rng.below(moves.len())]);
        if ply % 2 == 0 {
            let _ = write!(out, "{}. ", ply / 2 + 1);
        }
        out.push_str(&san(&pos, mv));
        if mv.is_en_passant() {
            out.push_str(["", " e.p.", " ep", "e.p.", "ep", " e.p"][rng.below(6)]);
        }
        out.push(' ');
        if rng.below(5) == 0 {
            out.push_str(&comment(rng));
            out.push(' ');
        }
        if rng.below(8) == 0 {
            out.push('\n');
        }
        pos.play_unchecked(mv);
    }
    out.push_str("*\n\n");
}

#[test]
fn games_read_as_python_chess_reads_them() {
    let Some(python) = kibitz_testdata::python_chess() else {
        return;
    };
    for seed in [1u64, 2, 3, 4] {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ seed);
        let mut text = String::new();
        for number in 1..=40 {
            game(&mut rng, number, &mut text);
        }
        let file = std::env::temp_dir().join(format!(
            "kibitz-pgn-python-{}-{seed}.pgn",
            std::process::id()
        ));
        std::fs::write(&file, &text).unwrap();
        let out = Command::new(&python)
            .args(["-c", READER])
            .arg(&file)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&file);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let expected: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let games = read_games(text.as_bytes());
        let got: Vec<String> = games
            .iter()
            .map(|game| {
                let game = game.as_ref().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                format!("{} {} 0", game.moves.len(), game.position.fen())
            })
            .collect();
        assert_eq!(expected.len(), 40, "seed {seed}: python-chess's count");
        assert_eq!(got, expected, "seed {seed}");
    }
}

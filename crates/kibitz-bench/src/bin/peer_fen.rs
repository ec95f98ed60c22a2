//! The FEN peer of `kibitz-bench stream`: cozy-chess 0.3 and brute force, as a whole
//! process.
//!
//! ```text
//! peer_fen FILE   # FILE: one FEN per line, `-` for standard input
//! ```
//!
//! For each line: parse the FEN, generate every legal move, play each and test the
//! result for checkmate; print `line<TAB>FEN<TAB>mating moves in UCI` (space separated,
//! `-` for none, castling as the king's two-square move). A line cozy-chess rejects is
//! reported on standard error and counted; the exit status is then 1.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use cozy_chess::{Board, File as BoardFile, Move, Piece, Square};

/// `mv` in UCI: cozy-chess writes castling as the king taking its own rook.
fn uci(board: &Board, mv: Move) -> String {
    let castles = board.piece_on(mv.from) == Some(Piece::King)
        && board.colors(board.side_to_move()).has(mv.to);
    if castles {
        let file = if mv.to.file() > mv.from.file() {
            BoardFile::G
        } else {
            BoardFile::C
        };
        return format!("{}{}", mv.from, Square::new(file, mv.from.rank()));
    }
    mv.to_string()
}

/// The legal moves of `board` that give checkmate, by brute force.
fn mates(board: &Board) -> Vec<Move> {
    let mut found = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            // `generate_moves` returns true when the listener stops it: a legal reply.
            if !child.checkers().is_empty() && !child.generate_moves(|replies| !replies.is_empty())
            {
                found.push(mv);
            }
        }
        false
    });
    found
}

fn run(name: &str) -> io::Result<ExitCode> {
    let input: Box<dyn BufRead> = if name == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(BufReader::new(File::open(name)?))
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut failed = 0u64;
    let mut line = String::new();
    let mut input = input;
    let mut number = 0u64;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        number += 1;
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let board = match Board::from_fen(fen, false) {
            Ok(board) => board,
            Err(err) => {
                failed += 1;
                eprintln!("peer_fen: {name}:{number}: {err:?}");
                continue;
            }
        };
        let found = mates(&board);
        let list = if found.is_empty() {
            "-".to_owned()
        } else {
            found
                .iter()
                .map(|&mv| uci(&board, mv))
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(out, "{number}\t{fen}\t{list}")?;
    }
    out.flush()?;
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name] = args.as_slice() else {
        eprintln!("usage: peer_fen FILE");
        return ExitCode::from(2);
    };
    match run(name) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("peer_fen: {name}: {err}");
            ExitCode::from(2)
        }
    }
}

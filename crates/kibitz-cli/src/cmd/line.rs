//! `kibitz line A B [--json]`

use crate::output::Status;
use std::io::{self, Write};

use kibitz::{Square, lines};
use serde::Serialize;

use crate::output::{json_line, parse_square, report};

/// Arguments of `kibitz line`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first square.
    a: String,
    /// The second square.
    b: String,
    /// Write a JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct LineInfo {
    a: String,
    b: String,
    same_file: bool,
    same_rank: bool,
    same_diagonal: bool,
    same_anti_diagonal: bool,
    between: Vec<String>,
}

/// The squares strictly between `a` and `b`, in order from `a` towards `b`.
fn between_in_order(a: Square, b: Square) -> Vec<String> {
    let mut squares: Vec<Square> = lines::between(a, b).into_iter().collect();
    if b.index() < a.index() {
        squares.reverse();
    }
    squares.iter().map(Square::to_string).collect()
}

/// Runs `kibitz line`: a bad square name is reported (both, when both are bad) and
/// exits 1, since the question needs the two.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let (a, b) = match (parse_square(&args.a), parse_square(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut out = io::stdout().lock();
            for err in [a.err(), b.err()].iter().flatten() {
                report(&mut out, err)?;
            }
            return Ok(Status::SomeBad);
        }
    };
    let info = LineInfo {
        a: a.to_string(),
        b: b.to_string(),
        same_file: lines::same_file(a, b),
        same_rank: lines::same_rank(a, b),
        same_diagonal: lines::same_diagonal(a, b),
        same_anti_diagonal: lines::same_anti_diagonal(a, b),
        between: between_in_order(a, b),
    };
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &info)?;
    } else {
        let yes = |b: bool| if b { "yes" } else { "no" };
        writeln!(out, "{} {}", info.a, info.b)?;
        writeln!(out, "same file:          {}", yes(info.same_file))?;
        writeln!(out, "same rank:          {}", yes(info.same_rank))?;
        writeln!(out, "same diagonal:      {}", yes(info.same_diagonal))?;
        writeln!(out, "same anti-diagonal: {}", yes(info.same_anti_diagonal))?;
        writeln!(
            out,
            "between:            {}",
            if info.between.is_empty() {
                "-".to_string()
            } else {
                info.between.join(" ")
            }
        )?;
    }
    Ok(Status::Fine)
}

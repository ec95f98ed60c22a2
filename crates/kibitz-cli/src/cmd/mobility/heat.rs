//! The board as a heat map in the terminal, in the colours of
//! [`kibitz::mobility::heat`].

use std::io::Write;

use kibitz::mobility::Analysis;
use kibitz::mobility::heat::group_colours;

/// Writes the board, rank 8 (the top rank) first, with the count on every square;
/// with `colour`, each square's background is its group's colour (24-bit ANSI).
pub fn write(out: &mut impl Write, analysis: &Analysis, colour: bool) -> std::io::Result<()> {
    let board = analysis.board();
    let colours = group_colours(analysis);
    let width = analysis
        .counts()
        .iter()
        .max()
        .map_or(1, |m| m.to_string().len())
        .max(2);
    for r in 0..board.ranks() {
        write!(out, "{:>3} ", board.rank_number(r))?;
        for k in 0..board.files() {
            let count = analysis.count((r, k)).unwrap_or(0);
            match colours.get(&count).filter(|_| colour) {
                Some(&(red, green, blue)) => write!(
                    out,
                    "\x1b[48;2;{red};{green};{blue}m\x1b[30m {count:>width$} \x1b[0m"
                )?,
                None => write!(out, " {count:>width$} ")?,
            }
        }
        writeln!(out)?;
    }
    write!(out, "    ")?;
    for file in board.file_letters() {
        write!(out, " {file:>width$} ")?;
    }
    writeln!(out)
}

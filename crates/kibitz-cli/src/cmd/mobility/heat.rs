//! The board as a heat map: one colour per group, in the terminal and in SVG.

use std::collections::BTreeMap;
use std::io::Write;

use kibitz::mobility::Analysis;

/// An RGB colour.
pub type Rgb = (u8, u8, u8);

/// One light colour per group, from cool (few moves) to warm (many moves); a
/// group of 0 (squares the piece cannot leave) is grey. Light colours keep the
/// black count written on them readable.
pub fn group_colours(analysis: &Analysis) -> BTreeMap<u32, Rgb> {
    let groups: Vec<u32> = analysis.group_size().into_keys().collect();
    let moving: Vec<u32> = groups.iter().copied().filter(|&c| c > 0).collect();
    let mut colours = BTreeMap::new();
    if groups.first() == Some(&0) {
        colours.insert(0, (200, 200, 200));
    }
    for (i, &count) in moving.iter().enumerate() {
        let t = if moving.len() > 1 {
            i as f64 / (moving.len() - 1) as f64
        } else {
            0.5
        };
        // Hue from blue (220°) to red (0°), light and fairly saturated.
        colours.insert(count, hsl(220.0 * (1.0 - t), 0.75, 0.72));
    }
    colours
}

fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match h as u32 / 60 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

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

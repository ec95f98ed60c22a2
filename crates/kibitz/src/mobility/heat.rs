//! The board as a heat map (seed 002's figure): one colour per group, from cool
//! (few moves) to warm (many moves), and the whole map as an SVG picture — drawn
//! here once for every front end (`kibitz mobility --svg`, the server's page).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::Analysis;

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

const CELL: usize = 48;
const MARGIN: usize = 28;

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Renders the heat map of `analysis` for the piece called `label` as SVG: every
/// square shaded by its group with its count written on it, file and rank labels,
/// and the legend of groups.
///
/// ```
/// use kibitz::mobility::{Board, Piece, heat};
/// let knight = Piece::named("knight")?.analyse(Board::STANDARD);
/// let svg = heat::svg(&knight, "knight");
/// assert!(svg.starts_with("<svg") && svg.contains("strength 336"));
/// # Ok::<(), kibitz::mobility::PieceError>(())
/// ```
pub fn svg(analysis: &Analysis, label: &str) -> String {
    let board = analysis.board();
    let (files, ranks) = (usize::from(board.files()), usize::from(board.ranks()));
    let colours = group_colours(analysis);
    let groups = analysis.group_size();
    let legend_x = MARGIN + files * CELL + 24;
    let legend_width = 190;
    let title_height = 30;
    let width = legend_x + legend_width;
    let height = (title_height + MARGIN + ranks * CELL + MARGIN)
        .max(title_height + MARGIN + groups.len() * 26 + 60);
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{MARGIN}" y="20" font-size="16" font-weight="bold">{} on {board}: strength {}</text>"#,
        escape(label),
        analysis.strength()
    );
    let top = title_height + MARGIN / 2;
    for r in 0..ranks {
        for k in 0..files {
            let count = analysis.count((r as u8, k as u8)).unwrap_or(0);
            let (red, green, blue) = colours.get(&count).copied().unwrap_or((255, 255, 255));
            let (x, y) = (MARGIN + k * CELL, top + r * CELL);
            let _ = writeln!(
                svg,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#{red:02x}{green:02x}{blue:02x}" stroke="#555" stroke-width="0.5"/>"##
            );
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}" font-size="18" text-anchor="middle" dominant-baseline="central">{count}</text>"#,
                x + CELL / 2,
                y + CELL / 2
            );
        }
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="13" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            MARGIN / 2,
            top + r * CELL + CELL / 2,
            board.rank_number(r as u8)
        );
    }
    for (k, file) in board.file_letters().enumerate() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="13" text-anchor="middle">{file}</text>"#,
            MARGIN + k * CELL + CELL / 2,
            top + ranks * CELL + 18
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{legend_x}" y="{}" font-size="14" font-weight="bold">squares × moves</text>"#,
        top + 14
    );
    for (i, (count, size)) in groups.iter().enumerate() {
        let (red, green, blue) = colours.get(count).copied().unwrap_or((255, 255, 255));
        let y = top + 28 + i * 26;
        let _ = writeln!(
            svg,
            r##"<rect x="{legend_x}" y="{y}" width="20" height="20" fill="#{red:02x}{green:02x}{blue:02x}" stroke="#555" stroke-width="0.5"/>"##
        );
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-size="14" dominant-baseline="central">{size} × {count}</text>"#,
            legend_x + 30,
            y + 10
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{legend_x}" y="{}" font-size="13">average {:.3}</text>"#,
        top + 28 + groups.len() * 26 + 20,
        analysis.average()
    );
    svg.push_str("</svg>\n");
    svg
}

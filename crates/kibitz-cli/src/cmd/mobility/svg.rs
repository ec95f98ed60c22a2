//! The board as an SVG picture like the seed's figure: every square shaded by its
//! group, its count written on it, file and rank labels, and a legend.

use std::fmt::Write as _;

use kibitz::mobility::Analysis;

use super::heat::group_colours;

const CELL: usize = 48;
const MARGIN: usize = 28;

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Renders the heat map of `analysis` for the piece called `label`.
pub fn render(analysis: &Analysis, label: &str) -> String {
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

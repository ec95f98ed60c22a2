//! The board as a heat map (seed 002's figure): one colour per group, from cool
//! (few moves) to warm (many moves), and the whole map as an SVG picture — drawn
//! here once for every front end (`kibitz mobility --svg`, the server's page).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Analysis, Piece};

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

/// One group of squares with the same count.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeatGroup {
    /// Squares the piece reaches from each square of the group.
    pub moves: u32,
    /// Squares in the group.
    pub squares: u32,
    /// The heat map's colour for the group, `#rrggbb`.
    pub colour: String,
}

/// A piece's heat map on an empty board, as the server's `/api/mobility` answers
/// it and the wasm page computes it: the count on every square, the groups and
/// their colours, strength, the seed's mobility string, colour binding, and the
/// moves from one square. Built by [`HeatMap::new`], the one builder.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeatMap {
    /// The piece's label (its name, its Betza string, or both joined by ` + `).
    pub piece: String,
    /// The board, `FILESxRANKS`.
    pub board: String,
    /// Files of the board.
    pub files: u8,
    /// Ranks of the board.
    pub ranks: u8,
    /// Square names row by row from the top-left corner (`a8` first on 8x8), as the
    /// library names them (`a1` … `z26`).
    pub squares: Vec<String>,
    /// The count on each square, in the order of `squares`.
    pub counts: Vec<u32>,
    /// The groups of squares with the same count, fewest moves first.
    pub groups: Vec<HeatGroup>,
    /// The sum of the counts (the seed's strength).
    pub strength: u64,
    /// The average count.
    pub average: f64,
    /// The seed's string, such as `4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8`.
    pub mobility: String,
    /// Does the piece stay on squares of one colour?
    pub colour_bound: bool,
    /// Does the piece reach every square from every square?
    pub reaches_every_square: bool,
    /// Moves forward, summed over the squares.
    pub forward: u64,
    /// Moves sideways, summed over the squares.
    pub sideways: u64,
    /// Moves backward, summed over the squares.
    pub backward: u64,
    /// The square `moves` are from.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub from: Option<String>,
    /// The squares reached from `from`, by file then rank (`a2` before `a10`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub moves: Option<Vec<String>>,
}

impl HeatMap {
    /// The heat map of `piece`'s `analysis` (labelled `label`), with the
    /// squares reached from `from` when given (`moves`).
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece, heat::HeatMap};
    /// let knight = Piece::from_betza("N").unwrap();
    /// let map = HeatMap::new(&knight.analyse(Board::STANDARD), &knight, "N".into(), None, None);
    /// assert_eq!(map.mobility, "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8");
    /// ```
    pub fn new(
        analysis: &Analysis,
        piece: &Piece,
        label: String,
        from: Option<String>,
        moves: Option<Vec<String>>,
    ) -> HeatMap {
        let board = analysis.board();
        let colours = group_colours(analysis);
        let groups = analysis
            .group_size()
            .into_iter()
            .map(|(moves, squares)| HeatGroup {
                moves,
                squares,
                colour: hex(colours.get(&moves).copied().unwrap_or((255, 255, 255))),
            })
            .collect();
        let squares = (0..board.len())
            .map(|i| {
                let (r, k) = board.coordinates(i);
                board.name(r.into(), k.into()).unwrap_or_default()
            })
            .collect();
        let split = analysis.split();
        HeatMap {
            piece: label,
            board: board.to_string(),
            files: board.files(),
            ranks: board.ranks(),
            squares,
            counts: analysis.counts().to_vec(),
            groups,
            strength: analysis.strength(),
            average: analysis.average(),
            mobility: analysis.mobility(),
            colour_bound: piece.colour_bound(board),
            reaches_every_square: piece.reaches_every_square(board),
            forward: split.forward,
            sideways: split.sideways,
            backward: split.backward,
            from: moves.as_ref().and(from.map(|f| f.trim().to_string())),
            moves,
        }
    }
}

fn hex((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A heat map asked for as the server's `/api/mobility` and the wasm page ask
/// for it: a named piece, a Betza string, or both (the piece moves as either,
/// as `kibitz mobility knight --betza W` does), on a board `FILESxRANKS` (8x8
/// when absent).
#[derive(Clone, Debug)]
pub struct HeatQuery {
    /// The piece: the union of the named one and the Betza one.
    pub piece: Piece,
    /// Its label: the name (lowercase), the Betza string, or both joined by ` + `.
    pub label: String,
    /// The board.
    pub board: super::Board,
}

/// A bad heat-map query: the parameter at fault (`piece`, `betza`, `board`,
/// `from`) and the library's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatQueryError {
    /// The parameter at fault.
    pub param: &'static str,
    /// Why.
    pub message: String,
}

impl core::fmt::Display for HeatQueryError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.param, self.message)
    }
}

impl std::error::Error for HeatQueryError {}

fn fault(param: &'static str, message: impl ToString) -> HeatQueryError {
    HeatQueryError {
        param,
        message: message.to_string(),
    }
}

impl HeatQuery {
    /// Reads the query; blank parameters count as absent.
    ///
    /// ```
    /// use kibitz::mobility::heat::HeatQuery;
    /// let q = HeatQuery::read(Some("knight"), Some("W"), Some("5x5")).unwrap();
    /// assert_eq!(q.label, "knight + W");
    /// assert_eq!(HeatQuery::read(None, None, None).unwrap_err().param, "piece");
    /// assert_eq!(HeatQuery::read(None, Some("N"), Some("0x3")).unwrap_err().param, "board");
    /// ```
    pub fn read(
        piece: Option<&str>,
        betza: Option<&str>,
        board: Option<&str>,
    ) -> Result<HeatQuery, HeatQueryError> {
        let mut union = Piece::new();
        let mut labels = Vec::new();
        if let Some(name) = piece.map(str::trim).filter(|s| !s.is_empty()) {
            union = union.union(&Piece::named(name).map_err(|e| fault("piece", e))?);
            labels.push(name.to_ascii_lowercase());
        }
        if let Some(text) = betza.map(str::trim).filter(|s| !s.is_empty()) {
            union = union.union(&Piece::from_betza(text).map_err(|e| fault("betza", e))?);
            labels.push(text.to_string());
        }
        if labels.is_empty() {
            return Err(fault(
                "piece",
                "no piece given: name one (such as knight) or give a Betza string (such as BN)",
            ));
        }
        let board = match board.map(str::trim) {
            None | Some("") => super::Board::STANDARD,
            Some(text) => text.parse().map_err(|e| fault("board", e))?,
        };
        Ok(HeatQuery {
            piece: union,
            label: labels.join(" + "),
            board,
        })
    }

    /// The heat map, with the squares reached from `from` (a square name) when
    /// given.
    ///
    /// ```
    /// use kibitz::mobility::heat::HeatQuery;
    /// let q = HeatQuery::read(Some("knight"), None, None).unwrap();
    /// assert_eq!(q.heat_map(Some("a1")).unwrap().moves.unwrap(), ["b3", "c2"]);
    /// assert_eq!(q.heat_map(Some("z9")).unwrap_err().param, "from");
    /// ```
    pub fn heat_map(&self, from: Option<&str>) -> Result<HeatMap, HeatQueryError> {
        let board = self.board;
        let moves = match from.map(str::trim) {
            None | Some("") => None,
            Some(name) => {
                let square = board.square(name).map_err(|e| fault("from", e))?;
                // `square` is on the board: `targets` cannot fail here.
                let mut targets = self
                    .piece
                    .targets(board, square)
                    .map_err(|e| fault("from", e))?;
                targets.sort_by_key(|&(r, k)| (k, std::cmp::Reverse(r)));
                Some(
                    targets
                        .into_iter()
                        .map(|(r, k)| board.name(r.into(), k.into()).unwrap_or_default())
                        .collect(),
                )
            }
        };
        let analysis = self.piece.analyse(board);
        Ok(HeatMap::new(
            &analysis,
            &self.piece,
            self.label.clone(),
            from.map(str::to_string),
            moves,
        ))
    }
}

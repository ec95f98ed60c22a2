//! The benchmark positions: the chessprogramming wiki's perft positions with their
//! published node counts (https://www.chessprogramming.org/Perft_Results), typed in
//! as facts with their source.

/// One benchmark position with the depth to search it to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchPosition {
    /// The position's name, such as `kiwipete`.
    pub id: String,
    /// The position as a full six-field FEN.
    pub fen: String,
    /// The perft depth to run.
    pub depth: u32,
    /// The published node count at `depth`, when the wiki gives one.
    pub expected: Option<u64>,
}

/// A wiki position: name, FEN, full depth, and the published `(depth, nodes)` counts.
type WikiPosition = (&'static str, &'static str, u32, [(u32, u64); 2]);

/// The wiki's positions.
const WIKI: [WikiPosition; 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        [(5, 4_865_609), (6, 119_060_324)],
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        [(4, 4_085_603), (5, 193_690_690)],
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        [(5, 674_624), (6, 11_030_083)],
    ),
];

/// The positions and depths of `perft`: start position 6, Kiwipete 5, position 3 at 6.
///
/// `quick` picks depths one ply shallower for smoke tests (about a twentieth of the work);
/// the wiki has published counts for all of those, so a quick run also checks every
/// engine against them.
///
/// # Errors
///
/// None today; the signature keeps room for positions read from a file.
pub fn perft_suite(quick: bool) -> anyhow::Result<Vec<BenchPosition>> {
    Ok(WIKI
        .iter()
        .map(|&(id, fen, full, counts)| {
            let depth = if quick { full - 1 } else { full };
            let expected = counts.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n);
            BenchPosition {
                id: id.to_owned(),
                fen: fen.to_owned(),
                depth,
                expected,
            }
        })
        .collect())
}

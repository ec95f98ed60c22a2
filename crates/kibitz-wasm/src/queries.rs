//! The module's questions that need no board: a variant's start and
//! description, Fairy-Stockfish's FEN check, a piece's mobility (seed 002) and
//! the first game of a PGN text, and the prover's record of a stipulation. Each
//! is one call of the library, answered as text or JSON text for the binding to
//! hand over.

use std::time::Duration;

use kibitz::board::AnyPosition;
use kibitz::board::pgn::{read_first_game, variant_tag_name};
use kibitz::mobility::heat::{self, HeatQuery};
use kibitz::mobility::{Board as MobilityBoard, Piece};
use kibitz::problem::Stipulation;
use kibitz::variant::describe_ini;
use kibitz_scan::position;
use kibitz_scan::solve::SolveScan;

use crate::registry;

/// pyffish's and ffish.js's `FEN_OK`: the FEN passes Fairy-Stockfish's check.
pub const FEN_OK: i32 = 1;

/// The start FEN of a variant.
pub fn starting_fen(variant: &str) -> Result<String, String> {
    Ok(registry::variant(variant)?.start_fen().to_string())
}

/// Fairy-Stockfish's check of a FEN: [`FEN_OK`], or the (negative) code of the
/// first check it fails, as pyffish's `validate_fen` answers.
pub fn validate_fen(fen: &str, variant: &str, chess960: bool) -> Result<i32, String> {
    Ok(
        match registry::variant(variant)?.validate_fen(fen, chess960) {
            Ok(()) => FEN_OK,
            Err(fault) => fault.code(),
        },
    )
}

/// Does the variant put captured men in the capturer's hand?
pub fn captures_to_hand(variant: &str) -> Result<bool, String> {
    Ok(registry::variant(variant)?.captures_to_hand())
}

/// The library's description of a variant as JSON, as `kibitz variants --json`
/// writes it.
pub fn variant_info(variant: &str) -> Result<String, String> {
    serde_json::to_string(&registry::variant(variant)?.describe()).map_err(|e| e.to_string())
}

/// A piece's mobility on an empty board of `files` × `ranks` (seed 002): the
/// seed's string (`4 × 2 + 8 × 3 + …`), strength, average, and the number of
/// squares from which it reaches each count, as JSON.
pub fn mobility(betza: &str, files: u32, ranks: u32) -> Result<String, String> {
    let piece = Piece::from_betza(betza.trim()).map_err(|e| format!("betza: {e}"))?;
    let board =
        MobilityBoard::new(files.into(), ranks.into()).map_err(|e| format!("board: {e}"))?;
    let analysis = piece.analyse(board);
    let groups: Vec<serde_json::Value> = analysis
        .group_size()
        .into_iter()
        .map(|(moves, squares)| serde_json::json!({"moves": moves, "squares": squares}))
        .collect();
    let answer = serde_json::json!({
        "betza": betza.trim(),
        "files": board.files(),
        "ranks": board.ranks(),
        "mobility": analysis.mobility(),
        "strength": analysis.strength(),
        "average": analysis.average(),
        "groups": groups,
        "colour_bound": piece.colour_bound(board),
        "reaches_every_square": piece.reaches_every_square(board),
    });
    Ok(answer.to_string())
}

/// The first game of a PGN text, of any variant the module knows: its tags in
/// file order and its main line in UCI.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves in UCI.
    pub moves: Vec<String>,
}

/// Reads the first game of `pgn` and plays its main line (the library's
/// [`read_first_game`]), by the rules its `[Variant]` tag names: a built-in
/// variant or a loaded `variants.ini` section (`Crazyhouse`, `Xiangqi`,
/// `King of the Hill`, pychess's `Shogi` or `Crazyhouse960`), else orthodox
/// chess (`Chess960` too). The start is its `[FEN]` tag's position. An error
/// when it holds no game or the game does not read (the library's message,
/// with its line).
pub fn read_game_pgn(pgn: &str) -> Result<PgnGame, String> {
    let game = read_first_game(pgn, |tag| {
        let (name, chess960) = variant_tag_name(tag.unwrap_or(""));
        registry::rules(&name, chess960)
    })
    .map_err(|e| e.to_string())?;
    Ok(PgnGame {
        moves: game.uci_moves(),
        tags: game.tags().to_vec(),
    })
}

/// What bounds a solve in the page, so that it stays responsive (nodes, and
/// milliseconds on the host's clock, `performance.now()`), and what the record
/// lists besides the keys (`kibitz solve --tree --all --tries --set`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveLimit {
    /// Nodes to search at most; None: no node bound.
    pub nodes: Option<u64>,
    /// Milliseconds at most; None: no time bound.
    pub ms: Option<f64>,
    /// The solution tree.
    pub tree: bool,
    /// Every key with its length, not only the shortest mate's.
    pub all_keys: bool,
    /// The tries.
    pub tries: bool,
    /// The set play.
    pub set_play: bool,
}

impl SolveLimit {
    /// Without a limit asked for: a million nodes, well under a second's work
    /// natively, a few in the browser; the keys and the line only.
    pub const DEFAULT: SolveLimit = SolveLimit {
        nodes: Some(1_000_000),
        ms: None,
        tree: false,
        all_keys: false,
        tries: false,
        set_play: false,
    };
}

/// The prover's table in the page, in MiB: it grows only as it fills, and a
/// short solve does not fill more.
const PAGE_HASH_MB: usize = 32;

/// Solves the stipulation `stip` (`#2`, `h#2`, `s#3`, …) in `pos` within
/// `limit`: the record `kibitz solve --json` writes for it (built by the one
/// record builder, [`kibitz_scan::solve::SolveScan::record`], as the server and
/// Python use), its input named `fen`, as JSON text without the line feed.
pub fn solve(pos: &AnyPosition, stip: &str, limit: SolveLimit) -> Result<String, String> {
    // The library's message names the stipulation already.
    let stipulation: Stipulation = stip.trim().parse().map_err(|e| format!("{e}"))?;
    if let Some(ms) = limit.ms
        && !(ms > 0.0 && ms.is_finite())
    {
        return Err(format!("limit: ms must be a number above 0, not {ms}"));
    }
    let scan = SolveScan {
        json: true,
        nodes: limit.nodes,
        time: limit
            .ms
            .map(|ms| Duration::from_secs_f64(ms.min(1e9) / 1e3)),
        hash_mb: Some(PAGE_HASH_MB),
        stipulation: Some(stipulation),
        max_refutations: 1,
        tree: limit.tree,
        all_keys: limit.all_keys,
        tries: limit.tries,
        set_play: limit.set_play,
        ..SolveScan::default()
    };
    let mut line = scan.record(pos, stipulation).json_line("fen");
    line.truncate(line.trim_end().len());
    Ok(line)
}

/// Everything about the position `fen` (or `startpos`) of `variant` (`chess`
/// or "" for orthodox chess) after `moves` (UCI or SAN, separated by spaces or
/// commas): `/api/position`'s answer, built by the same function
/// ([`kibitz_scan::position::answer`]), as JSON text. A bad input is the
/// server's message, `param: why`.
pub fn position(variant: &str, fen: &str, moves: &str) -> Result<String, String> {
    let variant = if variant.is_empty() { "chess" } else { variant };
    let rules = registry::rules(variant, false).map_err(|e| format!("variant: {e}"))?;
    let words = position::move_words(Some(moves)).map_err(|e| e.to_string())?;
    let answer = position::answer(&rules, fen, &words).map_err(|e| e.to_string())?;
    serde_json::to_string(&answer).map_err(|e| e.to_string())
}

/// A piece's heat map as the server's `/api/mobility` answers it (built by the
/// same [`HeatQuery::heat_map`]): a named piece, a Betza string or both, on a
/// board `FILESxRANKS` (8x8 when absent), with the moves from `from` when given,
/// as JSON text. A bad input is the server's message, `param: why`.
pub fn heat_map(
    piece: Option<&str>,
    betza: Option<&str>,
    board: Option<&str>,
    from: Option<&str>,
) -> Result<String, String> {
    let query = HeatQuery::read(piece, betza, board).map_err(|e| e.to_string())?;
    let map = query.heat_map(from).map_err(|e| e.to_string())?;
    serde_json::to_string(&map).map_err(|e| e.to_string())
}

/// The names of the pieces the heat map knows (`/api/pieces`' list).
pub fn piece_names() -> &'static [&'static str] {
    Piece::NAMES
}

/// Every section of a `variants.ini` text described, as the server's
/// `POST /api/variants` answers it (the library's [`describe_ini`]): JSON text
/// `{"variants": [...]}`. Reading it adds nothing to the variants loaded.
pub fn describe_variant_config(text: &str) -> Result<String, String> {
    let variants = describe_ini(text)?;
    Ok(serde_json::json!({ "variants": variants }).to_string())
}

/// The heat map as the SVG picture `kibitz mobility --svg` draws (the server's
/// `/api/mobility.svg`), for the same query as [`heat_map`].
pub fn heat_map_svg(
    piece: Option<&str>,
    betza: Option<&str>,
    board: Option<&str>,
) -> Result<String, String> {
    let query = HeatQuery::read(piece, betza, board).map_err(|e| e.to_string())?;
    Ok(heat::svg(&query.piece.analyse(query.board), &query.label))
}

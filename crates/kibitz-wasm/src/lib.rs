//! kibitz in the browser: the library compiled to WebAssembly, with a `Board`
//! shaped like ffish.js's so that code written for ffish.js ports with few
//! changes (see docs/WASM.md for the differences).
//!
//! This file only maps the plain-Rust game ([`game::Game`]) and queries
//! ([`queries`], [`registry`]) to JavaScript; every answer is the library's.
//! A bad FEN, variant or move is a JavaScript `Error` carrying the library's
//! message, never a trap.

pub mod game;
pub mod queries;
pub mod registry;

use wasm_bindgen::prelude::*;

fn js_error(message: String) -> JsError {
    JsError::new(&message)
}

/// JSON text made by the library's serialization, as a JavaScript value.
fn json(text: &str) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(text).map_err(|_| JsError::new("kibitz wrote JSON that does not parse"))
}

/// `{nodes, ms}` from JavaScript: either or both; undefined or null for
/// [`queries::SolveLimit::DEFAULT`].
fn solve_limit(limit: &JsValue) -> Result<queries::SolveLimit, JsError> {
    if limit.is_undefined() || limit.is_null() {
        return Ok(queries::SolveLimit::DEFAULT);
    }
    if !limit.is_object() {
        return Err(JsError::new("limit: must be an object {nodes, ms}"));
    }
    let field = |name: &str| -> Result<Option<f64>, JsError> {
        let value = js_sys::Reflect::get(limit, &JsValue::from_str(name))
            .map_err(|_| JsError::new("limit: not readable"))?;
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        match value.as_f64() {
            Some(n) if n > 0.0 && n.is_finite() => Ok(Some(n)),
            _ => Err(JsError::new(&format!(
                "limit: {name} must be a number above 0"
            ))),
        }
    };
    let flag = |name: &str| -> Result<bool, JsError> {
        let value = js_sys::Reflect::get(limit, &JsValue::from_str(name))
            .map_err(|_| JsError::new("limit: not readable"))?;
        if value.is_undefined() || value.is_null() {
            return Ok(false);
        }
        value
            .as_bool()
            .ok_or_else(|| JsError::new(&format!("limit: {name} must be true or false")))
    };
    let nodes = field("nodes")?.map(|n| n.min(u64::MAX as f64) as u64);
    let ms = field("ms")?;
    if nodes.is_none() && ms.is_none() {
        return Err(JsError::new("limit: give nodes or ms (or no limit at all)"));
    }
    Ok(queries::SolveLimit {
        nodes,
        ms,
        tree: flag("tree")?,
        all_keys: flag("all")?,
        tries: flag("tries")?,
        set_play: flag("set")?,
    })
}

/// A game on a board: ffish.js's `Board`.
#[wasm_bindgen]
pub struct Board {
    game: game::Game,
    variant: String,
    chess960: bool,
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant = "chess", fen = start, chess960 = false)`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: Option<String>,
        fen: Option<String>,
        chess960: Option<bool>,
    ) -> Result<Board, JsError> {
        let variant = variant.unwrap_or_else(|| "chess".to_string());
        let chess960 = chess960.unwrap_or(false);
        let game = game::Game::new(&variant, fen.as_deref(), chess960).map_err(js_error)?;
        Ok(Board {
            game,
            variant,
            chess960,
        })
    }

    /// The legal moves in UCI, separated by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&mut self) -> String {
        self.game.legal_moves()
    }

    /// The legal moves in SAN, separated by spaces, in the order of `legalMoves`.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&self) -> String {
        self.game.legal_moves_san()
    }

    /// The number of legal moves.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&self) -> u32 {
        kibitz::board::Board::count_legal_moves(self.game.position()) as u32
    }

    /// Plays a legal move in UCI; returns true. An illegal move throws an
    /// `Error` (ffish.js returns false) and leaves the board as it was.
    pub fn push(&mut self, uci: &str) -> Result<bool, JsError> {
        self.game.push(uci).map_err(js_error)?;
        Ok(true)
    }

    /// Plays a legal move in SAN; returns true, or throws as `push` does.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: &str) -> Result<bool, JsError> {
        self.game.push(san).map_err(js_error)?;
        Ok(true)
    }

    /// Plays UCI moves separated by spaces, all or none.
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, ucis: &str) -> Result<(), JsError> {
        self.game.push_moves(ucis).map_err(js_error)
    }

    /// Plays SAN moves separated by spaces, all or none.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(&mut self, sans: &str) -> Result<(), JsError> {
        self.game.push_moves(sans).map_err(js_error)
    }

    /// Takes the last move back; throws when none was played.
    pub fn pop(&mut self) -> Result<(), JsError> {
        self.game.pop().map_err(js_error)
    }

    /// Back to the variant's start position.
    pub fn reset(&mut self) -> Result<(), JsError> {
        self.game.set_fen("startpos").map_err(js_error)
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// Sets the position from a FEN, forgetting the moves.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsError> {
        self.game.set_fen(fen).map_err(js_error)
    }

    /// True when White is to move.
    pub fn turn(&self) -> bool {
        self.game.white_to_move()
    }

    /// Is the side to move in check?
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.is_check()
    }

    /// Does the legal move (UCI) take a man?
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&self, uci: &str) -> Result<bool, JsError> {
        self.game.is_capture(uci).map_err(js_error)
    }

    /// Has the game ended (checkmate, stalemate, insufficient material, or a
    /// variant's own end)?
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game.game_end().is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn result(&self) -> String {
        self.game.result().to_string()
    }

    /// How the game ended, `{result: "1-0", reason: "checkmate"}`, or null
    /// while it goes on: the `outcome` that `kibitz moves --json` writes.
    #[wasm_bindgen(js_name = gameResult)]
    pub fn game_result(&self) -> Result<JsValue, JsError> {
        match self.game.game_end() {
            None => Ok(JsValue::NULL),
            Some(end) => json(
                &serde_json::json!({"result": end.result(), "reason": end.reason.name()})
                    .to_string(),
            ),
        }
    }

    /// The moves played since the FEN was set, in UCI, separated by spaces.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        self.game.move_stack()
    }

    /// The men in hand of White (`true`) or Black (`false`), lowercase letters.
    pub fn pocket(&self, white: bool) -> String {
        self.game.pocket(white)
    }

    /// The SAN of a legal move given in UCI.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&self, uci: &str) -> Result<String, JsError> {
        self.game.san_move(uci).map_err(js_error)
    }

    /// UCI moves (separated by spaces) from this position in SAN, with move
    /// numbers unless `moveNumbers` is false; the board is not changed.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(&self, ucis: &str, move_numbers: Option<bool>) -> Result<String, JsError> {
        self.game
            .variation_san(ucis, move_numbers.unwrap_or(true))
            .map_err(js_error)
    }

    /// The leaves of the legal move tree `depth` plies deep (a BigInt).
    pub fn perft(&self, depth: u32) -> Result<u64, JsError> {
        self.game.perft(depth).map_err(js_error)
    }

    /// The variant's name, as given.
    pub fn variant(&self) -> String {
        self.variant.clone()
    }

    /// Does the board castle as Chess960?
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        self.chess960
    }

    /// Solves a stipulation (`#2`, `h#2`, `s#3`, …) in the position on the
    /// board: the record `kibitz solve --json` writes, as an object. `limit`
    /// (`{nodes, ms}`, either or both) keeps the page responsive; without it, a
    /// million nodes. It may also ask for more of the record, as the CLI's flags
    /// do: `tree`, `all`, `tries`, `set` (booleans). Not in ffish.js. A bad
    /// stipulation or limit throws.
    pub fn solve(&self, stip: &str, limit: JsValue) -> Result<JsValue, JsError> {
        let limit = solve_limit(&limit)?;
        json(&queries::solve(self.game.position(), stip, limit).map_err(js_error)?)
    }

    /// ffish.js frees a board by hand; wasm-bindgen's `free()` does it here too.
    pub fn delete(self) {}
}

/// Every variant name known (built-ins and loaded), sorted, separated by spaces.
#[wasm_bindgen]
pub fn variants() -> String {
    registry::variant_names().join(" ")
}

/// Adds the sections of a `variants.ini` text; throws naming the section and
/// line the library cannot play, and then keeps nothing of the text.
#[wasm_bindgen(js_name = loadVariantConfig)]
pub fn load_variant_config(config: &str) -> Result<(), JsError> {
    registry::load_variant_config(config).map_err(js_error)
}

/// Every section of a `variants.ini` text, each built and described (as
/// `variantInfo` describes one): `{variants: [...]}`, as the server's
/// `POST /api/variants` answers. Adds nothing to the variants loaded; throws
/// with the line and reason of a section that does not build. Not in ffish.js.
#[wasm_bindgen(js_name = describeVariantConfig)]
pub fn describe_variant_config(config: &str) -> Result<JsValue, JsError> {
    json(&queries::describe_variant_config(config).map_err(js_error)?)
}

/// The start FEN of a variant.
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsError> {
    queries::starting_fen(variant).map_err(js_error)
}

/// Fairy-Stockfish's FEN check: 1, or the negative code of the check failed.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(
    fen: &str,
    variant: Option<String>,
    chess960: Option<bool>,
) -> Result<i32, JsError> {
    let variant = variant.unwrap_or_else(|| "chess".to_string());
    queries::validate_fen(fen, &variant, chess960.unwrap_or(false)).map_err(js_error)
}

/// Does the variant put captured men in hand?
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: &str) -> Result<bool, JsError> {
    queries::captures_to_hand(variant).map_err(js_error)
}

/// The variant described (board, pieces with Betza and mobility, rules), as
/// `kibitz variants --json` writes it.
#[wasm_bindgen(js_name = variantInfo)]
pub fn variant_info(variant: &str) -> Result<JsValue, JsError> {
    json(&queries::variant_info(variant).map_err(js_error)?)
}

/// Everything about a position (`/api/position`'s answer: the board square by
/// square, legal moves with from and to, check, outcome, mates in one): of
/// `variant` ("" or `chess` for orthodox chess), from `fen` (or `startpos`)
/// after `moves` (UCI or SAN). What the static page draws. Not in ffish.js.
#[wasm_bindgen(js_name = positionInfo)]
pub fn position_info(variant: &str, fen: &str, moves: Option<String>) -> Result<JsValue, JsError> {
    json(&queries::position(variant, fen, moves.as_deref().unwrap_or("")).map_err(js_error)?)
}

/// A piece's heat map on an empty board, as the server's `/api/mobility`
/// answers it: `piece` (a name such as `knight`), `betza` or both, `board`
/// (`FILESxRANKS`, 8x8 when absent) and `from` (a square, for its moves). What
/// the static page's piece designer draws. Not in ffish.js.
#[wasm_bindgen(js_name = heatMap)]
pub fn heat_map(
    piece: Option<String>,
    betza: Option<String>,
    board: Option<String>,
    from: Option<String>,
) -> Result<JsValue, JsError> {
    let map = queries::heat_map(
        piece.as_deref(),
        betza.as_deref(),
        board.as_deref(),
        from.as_deref(),
    )
    .map_err(js_error)?;
    json(&map)
}

/// The heat map as the SVG picture `kibitz mobility --svg` draws, for the
/// same `piece`, `betza` and `board` as `heatMap`.
#[wasm_bindgen(js_name = heatMapSvg)]
pub fn heat_map_svg(
    piece: Option<String>,
    betza: Option<String>,
    board: Option<String>,
) -> Result<String, JsError> {
    queries::heat_map_svg(piece.as_deref(), betza.as_deref(), board.as_deref()).map_err(js_error)
}

/// The names of the pieces `heatMap` knows, separated by spaces.
#[wasm_bindgen(js_name = pieceNames)]
pub fn piece_names() -> String {
    queries::piece_names().join(" ")
}

/// A piece's mobility on an empty `files` × `ranks` board (seed 002).
#[wasm_bindgen]
pub fn mobility(betza: &str, files: u32, ranks: u32) -> Result<JsValue, JsError> {
    json(&queries::mobility(betza, files, ranks).map_err(js_error)?)
}

/// The first game of a PGN text: ffish.js's `Game`.
#[wasm_bindgen]
pub struct Game {
    game: queries::PgnGame,
}

#[wasm_bindgen]
impl Game {
    /// The tag names, in file order, separated by spaces.
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        let names: Vec<&str> = self.game.tags.iter().map(|(n, _)| n.as_str()).collect();
        names.join(" ")
    }

    /// The value of a tag, or "" when the game has none of that name.
    pub fn headers(&self, name: &str) -> String {
        self.game
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or_else(String::new, |(_, v)| v.clone())
    }

    /// The main line in UCI, separated by spaces.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        self.game.moves.join(" ")
    }
}

/// Reads the first game of a PGN text, of the variant its `[Variant]` tag
/// names (a built-in or a loaded `variants.ini` section; orthodox chess
/// without one), from its `[FEN]` tag's position.
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: &str) -> Result<Game, JsError> {
    Ok(Game {
        game: queries::read_game_pgn(pgn).map_err(js_error)?,
    })
}

//! The game listing behind `kibitz pgn`: one record per game with its tags, the
//! number of plies, the result and the final position; a game that could not be
//! read to its end is a record too, with its error.

use core::fmt::Write as _;

use kibitz::notation::pgn::{Game, PgnError, PgnErrorKind, PgnReader};

use crate::chunk::Chunk;
use crate::json;
use crate::mate::{Scanned, Totals};
use crate::render::{Rendered, Stream};

/// How games are listed.
#[derive(Copy, Clone, Debug, Default)]
pub struct GameList {
    /// JSON Lines: `file`, `game`, `tags`, `plies`, `result`, `fen`, `error`. In text,
    /// a game that failed goes to standard error instead.
    pub json: bool,
}

impl GameList {
    /// Lists the games of one chunk of the input named `name`.
    pub fn chunk(&self, name: &str, chunk: &Chunk) -> Scanned {
        let mut scanned = Scanned::default();
        for (number, item) in (0u64..).zip(PgnReader::new(&chunk.bytes[..])) {
            let (game, error) = match &item {
                Ok(game) => (game, None),
                Err(err) => (&err.partial, Some(err)),
            };
            scanned.totals += Totals {
                games: 1,
                positions: game.plies() as u64,
                errors: error.is_some() as u64,
                ..Totals::default()
            };
            let error = error.map(|err| error_message(err, number, chunk.first_line));
            if self.json {
                json_record(&mut scanned.out, name, number, game, error);
            } else {
                text_record(&mut scanned.out, name, number, game, error);
            }
        }
        scanned
    }
}

/// `game N, ply P: … (line L)`, with the game number and the line counted over
/// the whole input.
fn error_message(err: &PgnError, game: u64, first_line: u64) -> Rendered {
    let mut message = Rendered::default();
    message.text.push_str("game ");
    message.game_number(game);
    match &err.kind {
        PgnErrorKind::Move { ply, error } => {
            let _ = write!(message.text, ", ply {ply}: {error}");
        }
        PgnErrorKind::Fen(e) => {
            let _ = write!(message.text, ": bad FEN tag: {e}");
        }
    }
    let line = err.line as u64 + first_line - 1;
    let _ = write!(message.text, " (line {line})");
    message
}

fn json_record(out: &mut Rendered, name: &str, number: u64, game: &Game, error: Option<Rendered>) {
    out.text.push('{');
    json::key(&mut out.text, "file");
    json::string(&mut out.text, name);
    out.text.push(',');
    json::key(&mut out.text, "game");
    out.game_number(number);
    out.text.push(',');
    json::key(&mut out.text, "tags");
    out.text.push('{');
    for (i, (tag, value)) in game.tags.iter().enumerate() {
        if i > 0 {
            out.text.push(',');
        }
        json::string(&mut out.text, tag);
        out.text.push(':');
        json::string(&mut out.text, value);
    }
    out.text.push_str("},");
    json::key(&mut out.text, "plies");
    json::uint(&mut out.text, game.plies() as u64);
    out.text.push(',');
    json::key(&mut out.text, "result");
    match game.result() {
        Some(result) => json::string(&mut out.text, result),
        None => out.text.push_str("null"),
    }
    out.text.push(',');
    json::key(&mut out.text, "fen");
    json::string(&mut out.text, &game.position.fen());
    if let Some(error) = error {
        out.text.push(',');
        json::key(&mut out.text, "error");
        out.append_json_string(error);
    }
    out.text.push_str("}\n");
}

fn text_record(out: &mut Rendered, name: &str, number: u64, game: &Game, error: Option<Rendered>) {
    if let Some(error) = error {
        out.switch(Stream::Stderr);
        let _ = write!(out.text, "kibitz: {name}: ");
        out.append(error);
        out.text.push('\n');
        out.switch(Stream::Stdout);
        return;
    }
    let _ = write!(out.text, "{name}:");
    out.game_number(number);
    let _ = write!(
        out.text,
        "\t{} plies\t{}\t{}\t",
        game.plies(),
        game.result().unwrap_or("*"),
        game.position.fen()
    );
    for (i, (tag, value)) in game.tags.iter().enumerate() {
        if i > 0 {
            out.text.push(' ');
        }
        let _ = write!(out.text, "{tag}={value:?}");
    }
    out.text.push('\n');
}

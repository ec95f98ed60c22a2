//! `kibitz pgn FILE... [--json]`

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::process::ExitCode;

use anyhow::Context;
use kibitz::notation::pgn::{Game, PgnReader};
use serde::Serialize;
use serde::ser::SerializeMap;

use crate::output::json_line;

/// Arguments of `kibitz pgn`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// PGN files; `-` reads standard input.
    #[arg(required = true)]
    files: Vec<String>,
    /// Write JSON Lines: game, tags, plies, result, fen (and error for a bad game).
    #[arg(long)]
    json: bool,
}

/// Tags in file order, as a JSON object.
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct GameLine<'a> {
    file: &'a str,
    game: usize,
    tags: Tags<'a>,
    plies: usize,
    result: Option<&'a str>,
    fen: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `kibitz pgn`: one line per game; exit 1 if any game failed, 2 if a file
/// could not be read.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut failed = false;
    for name in &args.files {
        let reader: Box<dyn io::BufRead> = if name == "-" {
            Box::new(io::stdin().lock())
        } else {
            let file = File::open(name).with_context(|| format!("{name}: cannot open"))?;
            Box::new(BufReader::new(file))
        };
        let mut games = PgnReader::new(reader);
        let mut number = 0;
        for item in games.by_ref() {
            number += 1;
            let (game, error): (&Game, Option<String>) = match &item {
                Ok(game) => (game, None),
                Err(err) => {
                    failed = true;
                    (&err.partial, Some(format!("{err} (line {})", err.line)))
                }
            };
            if args.json {
                let line = GameLine {
                    file: name,
                    game: number,
                    tags: Tags(&game.tags),
                    plies: game.plies(),
                    result: game.result(),
                    fen: game.position.fen(),
                    error,
                };
                json_line(&mut out, &line)?;
            } else if let Some(error) = error {
                out.flush()?;
                eprintln!("kibitz: {name}: {error}");
            } else {
                let tags: Vec<String> = game
                    .tags
                    .iter()
                    .map(|(n, v)| format!("{n}={v:?}"))
                    .collect();
                writeln!(
                    out,
                    "{name}:{number}\t{} plies\t{}\t{}\t{}",
                    game.plies(),
                    game.result().unwrap_or("*"),
                    game.position.fen(),
                    tags.join(" ")
                )?;
            }
        }
        if let Some(err) = games.io_error() {
            anyhow::bail!("{name}: cannot read: {err}");
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

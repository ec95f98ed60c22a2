//! `--variant NAME [--variants FILE.ini]`, shared by `perft`, `moves`, `play` and
//! `mate`; and what those commands write for a variant position (issue 19).
//!
//! Everything about the game itself is the library's `kibitz::variant`; this
//! module only finds the variant, reads FENs and turns results into JSON.

use std::path::PathBuf;

use kibitz::variant::{Variant, VariantPosition, ini};
use serde::Serialize;

use crate::output::BadInput;
use kibitz::text::quote;

/// The variant options of a command.
#[derive(clap::Args, Debug, Default)]
pub struct VariantArgs {
    /// Play a fairy variant instead of orthodox chess: a built-in name (see `kibitz
    /// variants`) or a section of --variants.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// A Fairy-Stockfish `variants.ini` file whose sections --variant may name
    /// (`[name:parent]`, `customPieceN = letter:Betza`, …).
    #[arg(long, value_name = "FILE.ini", requires = "variant")]
    pub variants: Option<PathBuf>,
}

impl VariantArgs {
    /// The variant asked for, or `None` for orthodox chess.
    pub fn load(&self) -> anyhow::Result<Option<Variant>> {
        let Some(name) = self.variant.as_deref() else {
            return Ok(None);
        };
        let from_file = match &self.variants {
            Some(path) => {
                // A file that cannot be read or is not UTF-8 is a bad input (exit 1),
                // named with where it went wrong.
                let shown = quote(&path.display().to_string());
                let bytes = std::fs::read(path).map_err(|err| {
                    BadInput::new(anyhow::anyhow!("--variants: reading {shown}: {err}"))
                })?;
                let text = String::from_utf8(bytes).map_err(|err| {
                    BadInput::new(anyhow::anyhow!(
                        "--variants {shown}: not UTF-8 text (byte {})",
                        err.utf8_error().valid_up_to()
                    ))
                })?;
                let list = ini::parse(&text).map_err(|err| {
                    BadInput::new(
                        anyhow::Error::new(err)
                            .context(format!("--variants {}", quote(&path.display().to_string()))),
                    )
                })?;
                list.into_iter().find(|v| v.name() == name)
            }
            None => None,
        };
        match from_file {
            Some(v) => Ok(Some(v)),
            None => Variant::builtin(name)
                .map(Some)
                .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--variant")).into()),
        }
    }
}

/// A variant position from `--fen` (`startpos` or none: the variant's start).
pub fn parse_fen(variant: &Variant, text: Option<&str>) -> Result<VariantPosition, BadInput> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(VariantPosition::start(variant)),
        Some(fen) => VariantPosition::from_fen(variant, fen)
            .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--fen"))),
    }
}

/// How a game ended, as JSON: the PGN result and why.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// `checkmate` or `stalemate`.
    pub reason: &'static str,
}

/// The outcome of a position for JSON (the library's [`kibitz::variant::VariantOutcome`]),
/// `None` while moves remain.
pub fn outcome_json(pos: &VariantPosition) -> Option<OutcomeJson> {
    let outcome = pos.outcome()?;
    Some(OutcomeJson {
        result: outcome.result(pos.turn()),
        reason: outcome.reason(),
    })
}

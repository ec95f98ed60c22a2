//! `--variant NAME [--variants FILE.ini] [--chess960]`, shared by `perft`, `moves`,
//! `play`, `mate` and `solve`: the one place of the command line that chooses
//! the game, and with it the engine ([`GameRules`]).
//!
//! Everything about the game itself is the library's; this module only finds
//! the variant and reads the variants.ini file.

use std::path::{Path, PathBuf};

use kibitz::board::{AnyPosition, GameRules};
use kibitz::variant::ini::VariantsIni;

use crate::output::BadInput;
use kibitz::text::quote;

/// The game options of a command.
#[derive(clap::Args, Debug, Default)]
pub struct GameArgs {
    /// Play a fairy variant instead of orthodox chess: a built-in name (see `kibitz
    /// variants`) or a section of --variants.
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// A Fairy-Stockfish `variants.ini` file whose sections --variant may name
    /// (`[name:parent]`, `customPieceN = letter:Betza`, …).
    #[arg(long, value_name = "FILE.ini", requires = "variant")]
    pub variants: Option<PathBuf>,
    /// Chess960 castling: positions read with castling rights for a king
    /// off e1/e8 or a rook off the corner (X-FEN or Shredder-FEN), and castling
    /// written in UCI as king takes rook (`e1h1`). Without it positions are
    /// standard chess: such a right is an error, and castling from e1/e8 is
    /// `e1g1`. PGN games tagged `[Variant "Chess960"]` are Chess960 either way.
    /// With --variant, the variant castles so (Capablanca random chess is
    /// `--variant capablanca --chess960`), its FEN writing rights as rook files.
    #[arg(long)]
    pub chess960: bool,
}

impl GameArgs {
    /// The rules asked for: a variant (a section of --variants, else a
    /// built-in), or orthodox chess, standard or Chess960. A variant that
    /// cannot be found or read, or Chess960 asked of a variant without castling
    /// (or with gating), is a bad input.
    pub fn rules(&self) -> anyhow::Result<GameRules> {
        let variant = match self.variant.as_deref() {
            None => None,
            Some(name) => {
                let ini = match &self.variants {
                    Some(path) => read_ini(path)?,
                    None => VariantsIni::default(),
                };
                // Only the section asked for (and its parents) is built.
                let found = ini
                    .find(name)
                    .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--variant")))?;
                Some(found)
            }
        };
        GameRules::new(variant, kibitz::CastlingMode::from_chess960(self.chess960))
            .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--chess960")).into())
    }
}

/// The sections of a `variants.ini` file, read but not built. A file that cannot
/// be read, is not UTF-8 or does not parse is a bad input (exit 1), named with
/// where it went wrong.
pub fn read_ini(path: &Path) -> Result<VariantsIni, BadInput> {
    use std::io::Read;
    let shown = quote(&path.display().to_string());
    let reading =
        |err: std::io::Error| BadInput::new(anyhow::anyhow!("--variants: reading {shown}: {err}"));
    // One byte past the limit is enough to refuse it: a huge file is not read whole.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(reading)?
        .take(kibitz::variant::ini::MAX_INI_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(reading)?;
    let text = String::from_utf8(bytes).map_err(|err| {
        BadInput::new(anyhow::anyhow!(
            "--variants {shown}: not UTF-8 text (byte {})",
            err.utf8_error().valid_up_to()
        ))
    })?;
    VariantsIni::read(&text).map_err(|err| {
        BadInput::new(anyhow::Error::new(err).context(format!("--variants {shown}")))
    })
}

/// The position of `--fen` (`startpos`, or none: the game's start), a bad input
/// when it does not read.
pub fn position(rules: &GameRules, fen: Option<&str>) -> Result<AnyPosition, BadInput> {
    rules
        .position(fen.unwrap_or(kibitz::board::STARTPOS))
        .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--fen")))
}

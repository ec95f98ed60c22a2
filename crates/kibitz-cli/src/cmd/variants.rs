//! `kibitz variants [NAME…] [--json | --ini] [--variants FILE.ini]`: every
//! variant (or those named), its board, its pieces with their Betza, value and
//! empty-board mobility (seed 002) on that board, and with `--json` or a name
//! its rules resolved as `variants.ini` keys: the library's one description
//! ([`kibitz::variant::VariantDescription`]).

use crate::output::Status;
use std::io::{self, Write};
use std::path::PathBuf;

use kibitz::variant::ini::VariantsIni;
use kibitz::variant::{Variant, VariantDescription};

use crate::output::{BadInput, json_line};
use kibitz::text::quote;

/// Arguments of `kibitz variants`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only these variants (built-in ones or sections of `--variants`), in this
    /// order, each with its rules; all of them without a name.
    #[arg(value_name = "NAME")]
    names: Vec<String>,
    /// Also list the sections of this Fairy-Stockfish `variants.ini` file.
    #[arg(long, value_name = "FILE.ini")]
    variants: Option<PathBuf>,
    /// Write JSON Lines, one object per variant: name, files, ranks, board,
    /// start_fen, gating, promotion, pieces, rules.
    #[arg(long, conflicts_with = "ini")]
    json: bool,
    /// Write each variant as a `variants.ini` section that builds it again
    /// (its rules resolved, with no parent).
    #[arg(long)]
    ini: bool,
}

/// Runs `kibitz variants`.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let ini = match &args.variants {
        Some(path) => super::game::read_ini(path)?,
        None => VariantsIni::default(),
    };
    let shown = args
        .variants
        .as_ref()
        .map(|p| quote(&p.display().to_string()))
        .unwrap_or_default();
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.names.is_empty() {
        // The sections are built one at a time, each dropped once written.
        let sections = ini.variants().map(|built| {
            built.map_err(|err| {
                BadInput::new(anyhow::Error::new(err).context(format!("--variants {shown}")))
            })
        });
        for v in Variant::builtins().into_iter().map(Ok).chain(sections) {
            write(&mut out, &args, &v?.describe(), false)?;
        }
    } else {
        for name in &args.names {
            let v = ini.find(name).map_err(BadInput::new)?;
            write(&mut out, &args, &v.describe(), true)?;
        }
    }
    out.flush()?;
    Ok(Status::Fine)
}

/// Writes one variant in the form asked; `with_rules` adds the rules to the
/// text form.
fn write(
    out: &mut impl Write,
    args: &Args,
    d: &VariantDescription,
    with_rules: bool,
) -> anyhow::Result<()> {
    if args.json {
        json_line(out, d)?;
    } else if args.ini {
        match d.ini_section() {
            Some(section) => writeln!(out, "{section}")?,
            None => writeln!(
                out,
                "# {}: Musketeer gating has no variants.ini key\n",
                d.name
            )?,
        }
    } else {
        writeln!(out, "{} ({}): {}", d.name, d.board, d.start_fen)?;
        for p in &d.pieces {
            writeln!(
                out,
                "  {} {:<14} {:<14} {:>6} {}",
                p.letter,
                p.name,
                p.betza,
                p.value,
                p.mobility.as_deref().unwrap_or("-")
            )?;
        }
        if with_rules {
            for (key, value) in &d.rules.0 {
                writeln!(out, "  {key} = {value}")?;
            }
        }
    }
    Ok(())
}

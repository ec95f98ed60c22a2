//! `kibitz solve [INPUT...] [--fen FEN] [--mate N | --stip S] [--tries]
//! [--max-refutations N] [--set] [--all] [--tree] [--json | --format F] [-j T] [--time S]
//! [--nodes K] [--hash MB] [--popeye] [--variant NAME [--variants FILE.ini]]`
//!
//! A thin front end over [`kibitz_scan::solve`]: positions streamed from files or
//! stdin (FEN/EPD with `bm #N`, Lichess puzzle CSV with `mateInN` themes, PGN start
//! positions), each proven by [`kibitz::prover`] on the workers, the records
//! written in input order. An input whose first word is `begin`…`beginproblem`
//! (or any input, with `--popeye`) is a Popeye problem file: one record per
//! problem ([`kibitz_scan::popeye`]).

use std::io::{self, Write};
use std::time::Duration;

use kibitz::problem::Stipulation;
use kibitz::prover::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MATE_MOVES, fit_hash_mb};
use kibitz_scan::detect::Format;
use kibitz_scan::pipeline::Event;
use kibitz_scan::popeye::PopeyeScan;
use kibitz_scan::popeye_layout::PieceNames;
use kibitz_scan::scanned::Totals;
use kibitz_scan::solve::SolveScan;
use kibitz_scan::source::Input;

use crate::batch::{self, BatchArgs, Inputs};
use crate::cmd::game::GameArgs;
use crate::output::{Diagnostics, Status, UsageError};
use crate::stop::{Opened, Stop};

/// Positions are slow work: small chunks (a few EPD lines) spread them over the
/// workers, keep them all busy to the end of the input, and let each record out
/// soon after it is solved.
const SOLVE_CHUNK_BYTES: usize = 512;

/// How `kibitz solve` writes its records.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// One line of text a record.
    #[default]
    Text,
    /// JSON Lines.
    Json,
    /// Popeye's layout of each solution ([`kibitz_scan::popeye_layout`]).
    Popeye,
}

/// Arguments of `kibitz solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files holding FEN/EPD lines, Lichess puzzle CSV or PGN games, plain or
    /// compressed; `-` is stdin (the default without --fen).
    inputs: Vec<String>,
    /// A position to solve (may be repeated; `startpos` is the initial position).
    #[arg(long)]
    fen: Vec<String>,
    /// Look for mates within N moves (1 to 100): the stipulation `#N`, with every
    /// other flag (--tries, --set, --all) as --stip '#N' takes them; without it,
    /// each position's EPD `stip`, `bm #N` or Lichess `mateInN` theme.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_MATE_MOVES as i64), conflicts_with = "stip")]
    mate: Option<u32>,
    /// The stipulation, as problemists write it: `#3` (the side to move mates),
    /// `h#2` (the side to move begins and is helpmated), `h#2.5` (the side to
    /// move begins and helpmates), `s#2` (the side to move forces the other side
    /// to mate it); and Popeye's other goals and forms: `=2`, `x3`, `hx1.5`,
    /// `h002`, `hzc82`, `r#2`, `semi-r#2`, `hs#3`, `hr#2`, `ser-#4`, `ser-h#3`,
    /// `ser-s#2`, `ser-=3` (docs/PROBLEMS.md). Without it: --mate, then each
    /// position's EPD `stip`.
    #[arg(long, value_name = "S", value_parser = parse_stipulation)]
    stip: Option<Stipulation>,
    /// `#n`, `s#n`: list the tries, first moves that fail to one defence (or to
    /// up to --max-refutations), with their refutations.
    #[arg(long)]
    tries: bool,
    /// With --tries: a first move refuted by at most this many defences is a try.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    max_refutations: u32,
    /// `#n`, `s#n`: list the set play, each move of the defending side in the
    /// diagram as if it moved first, with the answers that fulfil the rest.
    #[arg(long)]
    set: bool,
    #[command(flatten)]
    game: GameArgs,
    /// List every move that mates within N, each with its length, not only the
    /// keys of the shortest mate.
    #[arg(long)]
    all: bool,
    /// Write the solution tree: every defence and a shortest mating answer, down
    /// to mate (JSON).
    #[arg(long)]
    tree: bool,
    /// List at most N solutions (helpmate lines, or keys with their trees) and
    /// stop looking past them; the record then says that more exist
    /// (`"more_solutions": true`, `(more exist)`). Every one by default.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_solutions: Option<u64>,
    /// Write JSON Lines (`--format json`).
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// How to write each record: `text` (one line), `json` (JSON Lines, as
    /// --json) or `popeye` (the solution in Popeye's text layout, to diff
    /// against Popeye's: its counts line, keys `1.Rd1-d5 !`, tries, set play,
    /// help lines `1.Kh8-g8 Ra1-a8 #`, then `solution finished.`).
    #[arg(long, value_enum, value_name = "F", default_value_t = OutputFormat::Text)]
    format: OutputFormat,
    /// Seconds for each position; past it the record says "proven": false.
    #[arg(long, value_name = "S")]
    time: Option<f64>,
    /// Nodes for each position (1 or more); past them the record says "proven": false.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The prover's table for each position, in MiB (1 to 65536; default 256):
    /// it grows as it fills and never past this; each worker holds one. When
    /// the workers' tables would not fit in the memory available, it is halved
    /// until they do (said on stderr when the size was given).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB as u64))]
    hash: Option<u64>,
    /// Read the inputs as Popeye problem files (an input whose first word is
    /// `begin`…`beginproblem` is read so without it): one record per problem.
    #[arg(long)]
    popeye: bool,
    #[command(flatten)]
    batch: BatchArgs,
}

/// Runs `kibitz solve`.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let time = match args.time {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(UsageError(format!(
                "--time must be a number of seconds above 0 (at most 1e6), not {}",
                kibitz::text::quote(&s.to_string())
            ))
            .into());
        }
    };
    let mut options = args.batch.options();
    let tables = options.threads.max(1);
    let hash_mb = match args.hash {
        Some(mb) => {
            // At most MAX_HASH_MB (clap's range), so it is a usize everywhere.
            let mb = mb as usize;
            let fit = fit_hash_mb(mb, tables);
            if fit < mb {
                let _ = writeln!(
                    Diagnostics,
                    "kibitz: --hash {mb}: {tables} tables of that size do not fit in the \
                     memory available; using {fit} MiB each"
                );
            }
            fit
        }
        // The default must fit too; it is halved without a word, as no size was asked.
        None => fit_hash_mb(DEFAULT_HASH_MB, tables),
    };
    let stop = Stop::batch();
    let scan = SolveScan {
        mate: args.mate,
        all_keys: args.all,
        tree: args.tree,
        json: args.json || args.format == OutputFormat::Json,
        time,
        nodes: args.nodes,
        rules: args.game.rules()?,
        stop: Some(stop.flag().clone()),
        hash_mb: Some(hash_mb),
        stipulation: args.stip,
        tries: args.tries,
        max_refutations: args.max_refutations,
        set_play: args.set,
        // Popeye's option, set by a problem: no flag of its own.
        no_threat: false,
        max_solutions: args
            .max_solutions
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        popeye_layout: (args.format == OutputFormat::Popeye).then(PieceNames::default),
    };
    let detect = |head: &[u8]| scan.detect(head);
    if !args.batch.chunk_bytes_given() {
        options.chunk_bytes = SOLVE_CHUNK_BYTES;
    }
    let inputs = Inputs {
        command: "solve",
        holds: "FEN/EPD lines, puzzle CSV or PGN",
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format: &detect,
    };
    let popeye = PopeyeScan {
        solve: scan.clone(),
        // A problem's `protocol` file gets the text records too, as in Popeye.
        protocol: true,
    };
    let done = batch::run_command(
        &args.fen,
        &inputs,
        &stop,
        |name, fen| scan.one(name, fen),
        |input, out, err| {
            solve_input(
                input,
                args.popeye,
                &popeye,
                &options,
                &stop,
                out,
                err,
                detect,
            )
        },
    )?;
    let Totals {
        with_mate,
        unproven,
        ..
    } = done.totals;
    let counts = format!("{with_mate} with a forced mate, {unproven} not proven within the limits");
    done.finish(&counts, options.threads, &stop)
}

/// `--stip`: a stipulation, or a usage error naming it and listing the genres.
fn parse_stipulation(text: &str) -> Result<Stipulation, String> {
    text.parse()
        .map_err(|e: kibitz::problem::StipulationError| e.to_string())
}

/// How many bytes are looked at for the first word of an input: enough for
/// `beginproblem` and the first word of any FEN line, so that a live pipe of
/// positions is not held until more lines come.
const FIRST_WORD_BYTES: usize = 16;

/// How many, when the first word is not over within [`FIRST_WORD_BYTES`]
/// (blank lines before it).
const FIRST_WORD_MORE: usize = 512;

/// One input: a Popeye problem file (asked for, or told by its first word) one
/// problem at a time, or positions through the batch pipeline, each record
/// written as soon as it and every one before it are done.
#[allow(clippy::too_many_arguments)]
fn solve_input(
    mut opened: Opened,
    popeye: bool,
    scan: &PopeyeScan,
    options: &kibitz_scan::Options,
    stop: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
    detect: impl FnOnce(&[u8]) -> Format,
) -> io::Result<Totals> {
    let is_popeye = popeye || first_word_is_popeye(&mut opened.input);
    if !is_popeye {
        return batch::run(
            opened,
            options,
            stop,
            out,
            err,
            detect,
            |name, f, chunk, emit| scan.solve.chunk_each(name, f, chunk, emit),
        );
    }
    let mut totals = Totals::default();
    let name = opened.input.name.clone();
    scan.run(&name, opened.input, options.threads, |event| match event {
        Event::Part(scanned) => {
            totals += scanned.totals;
            scanned.out.write(out, err, 0)
        }
        Event::Waiting => out.flush(),
    })?;
    // A read that failed (a damaged compressed stream) is the error record of the
    // problem it cut short.
    Ok(totals)
}

/// Does the input begin with Popeye's `begin`…`beginproblem`? Looked at in as
/// few bytes as tell it (a FEN's first word is longer than `beginproblem`), put
/// back for the reading.
fn first_word_is_popeye(input: &mut Input) -> bool {
    let mut head = Vec::new();
    for bytes in [FIRST_WORD_BYTES, FIRST_WORD_MORE] {
        head = match input.peek(bytes) {
            Ok(head) => head,
            // The read error comes again, reported, when the input is read.
            Err(_) => return false,
        };
        let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head);
        let word = text.trim_ascii_start();
        // Told: the input ended, the word ended, or it is too long for Popeye's.
        let told = head.len() < bytes
            || word.len() > "beginproblem".len()
            || word
                .iter()
                .any(|b| b.is_ascii_whitespace() || b",;".contains(b));
        if told {
            break;
        }
    }
    kibitz::popeye::looks_like_popeye(&head)
}

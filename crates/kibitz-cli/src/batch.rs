//! What every batch command shares: `-j`, the chunk size, the progress bar, and
//! running one input through [`kibitz_scan::run`].

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kibitz_scan::chunk::Chunk;
use kibitz_scan::detect::Format;
use kibitz_scan::scanned::{Scanned, Totals};
use kibitz_scan::source::Input;
use kibitz_scan::{Options, Written};

use crate::stop::{Opened, Stop};

/// The most worker threads a batch takes: more would only cost memory.
pub const MAX_THREADS: usize = 256;

/// Flags of every batch command.
#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// Worker threads (default: all cores; at most 256).
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    threads: Option<u16>,
    /// Bytes per chunk of input handed to a worker (for tests of the chunking).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u32).range(1..))]
    chunk_bytes: Option<u32>,
    /// The longest record (line, PGN game) read, in MiB: a longer one is an error
    /// naming the input and its line, and reading goes on with the next record.
    #[arg(long, value_name = "MiB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_record: u32,
}

impl BatchArgs {
    /// Was `--chunk-bytes` given (else the command may pick its own size)?
    pub fn chunk_bytes_given(&self) -> bool {
        self.chunk_bytes.is_some()
    }

    /// The options these flags ask for.
    pub fn options(&self) -> Options {
        let mut options = Options::default();
        if let Some(n) = self.threads {
            options.threads = n as usize;
        }
        if let Some(n) = self.chunk_bytes {
            options.chunk_bytes = n as usize;
        }
        options.max_record = (self.max_record as usize).saturating_mul(1 << 20);
        options
    }
}

/// What a batch command reads.
pub struct Inputs<'a> {
    /// The command, for the hint on a terminal.
    pub command: &'a str,
    /// What the input holds, for the hint ("PGN").
    pub holds: &'a str,
    /// The files named, `-` for standard input.
    pub names: &'a [String],
    /// Read standard input when no file is named.
    pub stdin_by_default: bool,
    /// Records name the input as it was given (`-` rather than `stdin`).
    pub named_as_given: bool,
    /// The format of an input, from its first bytes.
    pub format: &'a (dyn Fn(&[u8]) -> Format + Sync),
}

/// What a batch command did: its totals and the seconds it took.
pub struct Done {
    /// Counts over every record.
    pub totals: Totals,
    /// Wall-clock seconds, above 0.
    pub secs: f64,
}

impl Done {
    /// Writes the closing line to stderr — `N positions, {counts}, E errors,
    /// R positions/s (S s, T threads)`, or, when a signal stopped the batch,
    /// `stopped by SIGINT: …` — and says how the command ends: whether a record
    /// was an error, or that it was stopped.
    pub fn finish(
        &self,
        counts: &str,
        threads: usize,
        stop: &Stop,
    ) -> anyhow::Result<crate::output::Status> {
        let Totals {
            positions, errors, ..
        } = self.totals;
        let secs = self.secs;
        let line = format!(
            "{}, {counts}, {errors} errors, {} positions/s ({secs:.2} s, {})",
            crate::output::count(positions as usize, "position"),
            crate::output::per_second(positions as f64 / secs),
            crate::output::count(threads, "thread")
        );
        if let Some(outcome) = stop.outcome(|| line.clone()) {
            return outcome;
        }
        let _ = writeln!(crate::output::Diagnostics, "{line}");
        Ok(crate::output::Status::from_bad(errors))
    }
}

/// Standard output as a batch command writes it.
pub type Out<'a> = io::BufWriter<io::StdoutLock<'a>>;

/// Runs a batch command: each `--fen` (its record named `--fen N`) through
/// `one`, then every input through `each` (see [`for_each_input`]), the records
/// on stdout in order and flushed after each `--fen`; nothing more once `stop`
/// is raised.
pub fn run_command(
    fens: &[String],
    inputs: &Inputs<'_>,
    stop: &Stop,
    one: impl Fn(&str, &str) -> Scanned,
    each: impl FnMut(Opened, &mut Out<'_>, &mut crate::output::Diagnostics) -> io::Result<Totals>,
) -> io::Result<Done> {
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = crate::output::Diagnostics;
    for (i, fen) in fens.iter().enumerate() {
        if stop.raised() {
            break;
        }
        let scanned = one(&format!("--fen {}", i + 1), fen);
        totals += scanned.totals;
        scanned.out.write(&mut out, &mut err, 0)?;
        out.flush()?;
    }
    totals += for_each_input(inputs, stop, &mut out, &mut err, each)?;
    out.flush()?;
    Ok(Done {
        totals,
        secs: start.elapsed().as_secs_f64().max(1e-9),
    })
}

/// Runs every input of a batch command in turn: each file or `-` (the default
/// when asked and there are none), with a hint when stdin is a terminal; an input
/// that cannot be opened is one error, and the others are read.
pub fn run_inputs(
    inputs: &Inputs<'_>,
    options: &Options,
    stop: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
    scan: impl Fn(&str, Format, &Chunk, &mut dyn FnMut(Scanned)) + Sync,
) -> io::Result<Totals> {
    for_each_input(inputs, stop, out, err, |input, out, err| {
        run(input, options, stop, out, err, inputs.format, &scan)
    })
}

/// Opens every input of a batch command in turn (each file or `-`, the default
/// when asked and there are none; a pipe or a terminal live, see
/// [`crate::stop::open`]), with a hint when stdin is a terminal, and hands each
/// to `each`; an input that cannot be opened is one error, and the others are
/// read. Once `stop` is raised no further input is opened. What was written is
/// flushed before each input is opened, since opening a pipe waits for it.
pub fn for_each_input<O: Write, E: Write>(
    inputs: &Inputs<'_>,
    stop: &Stop,
    out: &mut O,
    err: &mut E,
    mut each: impl FnMut(Opened, &mut O, &mut E) -> io::Result<Totals>,
) -> io::Result<Totals> {
    let stdin_only = [String::from("-")];
    let names = if inputs.names.is_empty() && inputs.stdin_by_default {
        &stdin_only[..]
    } else {
        inputs.names
    };
    let mut totals = Totals::default();
    for name in names {
        out.flush()?;
        if stop.raised() {
            break;
        }
        if name == "-" && io::stdin().is_terminal() {
            writeln!(
                err,
                "kibitz: reading {} from standard input (Ctrl-D ends it; see kibitz {} --help)",
                inputs.holds, inputs.command
            )?;
        }
        let mut opened = match crate::stop::open(name, stop) {
            Ok(opened) => opened,
            // Stopped while waiting for the input's first bytes.
            Err(_) if stop.raised() => break,
            Err(open) => {
                writeln!(err, "kibitz: {open}")?;
                totals.errors += 1;
                continue;
            }
        };
        if inputs.named_as_given {
            opened.input.name = name.clone();
        }
        totals += each(opened, out, err)?;
    }
    Ok(totals)
}

/// Written records wait in the output buffer at most this long while the
/// workers keep it busy; whenever the writer waits for them, they go out at
/// once.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Runs one input: records to `out` in order, each handed out by `scan` (a
/// chunk's at once, or one by one) and written as soon as it and every record
/// before it are done; messages to `err`; a progress bar on the terminal when
/// stderr is one. What was written is flushed whenever the writer waits for the
/// workers, so a reader (`| head -1`, `tail -f`) sees every finished record, and a
/// run that is stopped or killed keeps them. Once `stop` is raised no more input
/// is read and the chunks begun are finished (see [`kibitz_scan::stream`]).
pub fn run(
    opened: Opened,
    options: &Options,
    stop: &Stop,
    out: &mut impl Write,
    err: &mut impl Write,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk, &mut dyn FnMut(Scanned)) + Sync,
) -> io::Result<Totals> {
    opened.go_live();
    let bar = progress(&opened.input);
    let start = Instant::now();
    let mut seen = Totals::default();
    let mut flushed = start;
    let totals = kibitz_scan::run_records(
        opened.input,
        options,
        Some(stop.flag()),
        format,
        scan,
        |written| {
            let Written::Records {
                scanned,
                games_before,
                done,
            } = written
            else {
                flushed = Instant::now();
                return out.flush();
            };
            bar.suspend(|| scanned.out.write(out, err, games_before))?;
            if flushed.elapsed() >= FLUSH_EVERY {
                out.flush()?;
                flushed = Instant::now();
            }
            seen += scanned.totals;
            if !bar.is_hidden() {
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                bar.set_position(done);
                bar.set_message(format!(
                    "{} positions/s, {} games/s",
                    crate::output::per_second(seen.positions as f64 / secs),
                    crate::output::per_second(seen.games as f64 / secs)
                ));
            }
            Ok(())
        },
    );
    bar.finish_and_clear();
    totals
}

/// A bar over the raw bytes of the input when stderr is a terminal.
fn progress(input: &Input) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template = match input.raw_len {
        Some(_) => "{bar:30} {bytes}/{total_bytes} {msg} {eta}",
        None => "{spinner} {bytes} {msg}",
    };
    let bar = match input.raw_len {
        Some(len) => ProgressBar::new(len),
        None => ProgressBar::new_spinner(),
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

//! Chess problems beside Popeye (issue 45): kibitz's solver and Popeye on the same
//! problems of Popeye input files, one problem at a time, one thread each, with the
//! median times and ratios per genre (`h#`, `ser-h#`, `#`, …).
//!
//! Popeye is the peer: its binary built from a fetched snapshot
//! (`github:thomas-maeder/popeye`, `make -f makefile.unx`), run as a separate
//! process and never linked, copied or run in CI. Each problem of a file is cut
//! out of it (at its `beginproblem` / `nextproblem` / `endproblem` words, in any of
//! Popeye's three languages and their abbreviations) and written to a scratch file
//! of its own, so that one problem past the limit costs only itself. Popeye runs it
//! twice: as posed, and, where the problem asks for `option Intelligent`, without
//! that option (its plain search). Popeye's time is the one it prints
//! (`Time = 0.016 s`), which leaves out its start; a problem it has not finished
//! within the limit is killed and counted at the limit.
//!
//! kibitz solves the same text in process, as `kibitz solve --popeye --format
//! popeye` does ([`PopeyeScan`]: every key and short solution Popeye lists), with
//! the limit as its time per twin. Only problems kibitz reads are timed; the others
//! are counted as unread.
//!
//! ```text
//! cargo run --release -p kibitz-bench -- popeye-speed --popeye /tmp/popeye-src/py \
//!     [--limit 30] [--max-problems N] FILES...
//! ```

use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use kibitz::popeye::Reader;
use kibitz_scan::popeye::PopeyeScan;
use kibitz_scan::popeye_layout::PieceNames;
use kibitz_scan::solve::SolveScan;

use crate::prover::median;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Popeye's binary (`py`).
    pub popeye: PathBuf,
    /// Seconds each program has for each problem.
    pub limit: f64,
    /// The most problems timed per file (the first ones kibitz reads).
    pub max_problems: usize,
    /// Popeye input files.
    pub files: Vec<PathBuf>,
}

/// One problem's times, in seconds; a time at the limit means not finished.
#[derive(Clone, Debug)]
struct Timed {
    label: String,
    genre: String,
    kibitz: f64,
    /// Popeye with the problem's options as posed.
    popeye: f64,
    /// Popeye without `option Intelligent`, where the problem asked for it.
    plain: Option<f64>,
}

/// The words that begin, separate and end problems, in English, German and
/// French (Popeye's `language_dependant.c`); a line's first word that begins one
/// of them (three letters at least) is taken as it.
const BEGIN: [&str; 3] = ["beginproblem", "anfangproblem", "debutprobleme"];
const NEXT: [&str; 3] = ["nextproblem", "weiteresproblem", "asuivre"];
const END: [&str; 3] = ["endproblem", "endeproblem", "finprobleme"];

/// Is `word` an abbreviation of one of `words` (three letters at least)?
fn abbreviates(word: &str, words: &[&str]) -> bool {
    let word = word.to_ascii_lowercase();
    word.len() >= 3 && words.iter().any(|w| w.starts_with(&word))
}

/// The problems of a Popeye text, each as a text of its own that begins and ends
/// with the words of the file's language.
fn problems(text: &str) -> Vec<String> {
    let mut language = 0;
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let first = line.split_whitespace().next().unwrap_or("");
        let rest = line.trim_start().get(first.len()..).unwrap_or("");
        let begins = abbreviates(first, &BEGIN);
        let next = abbreviates(first, &NEXT);
        let ends = abbreviates(first, &END);
        if begins && current.is_none() {
            language = BEGIN
                .iter()
                .position(|w| w.starts_with(&first.to_ascii_lowercase()))
                .unwrap_or(0);
            current = Some(format!("{}\n{rest}\n", BEGIN[language]));
        } else if (next || ends) && current.is_some() {
            let mut body = current.take().unwrap_or_default();
            body.push_str(END[language]);
            body.push('\n');
            out.push(body);
            if next {
                current = Some(format!("{}\n{rest}\n", BEGIN[language]));
            }
        } else if let Some(body) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

/// The problem without `option Intelligent` (and the count that may follow it);
/// None when it does not ask for it.
fn without_intelligent(problem: &str) -> Option<String> {
    let mut found = false;
    let mut out = String::with_capacity(problem.len());
    for line in problem.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let option = words.first().is_some_and(|w| abbreviates(w, &["option"]));
        if !option {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut kept = vec![words[0]];
        let mut skip_count = false;
        for &w in &words[1..] {
            let lower = w.to_ascii_lowercase();
            if lower.len() >= 5 && "intelligent".starts_with(&lower) {
                found = true;
                skip_count = true;
                continue;
            }
            if skip_count && w.bytes().all(|b| b.is_ascii_digit()) {
                skip_count = false;
                continue;
            }
            skip_count = false;
            kept.push(w);
        }
        // An `option` line left empty is dropped (Popeye reads the next word as
        // an option and stops there).
        if kept.len() > 1 {
            out.push_str(&kept.join(" "));
            out.push('\n');
        }
    }
    found.then_some(out)
}

/// The time Popeye printed (`Time = 0.016 s`, `Zeit = 1:02.345 m:s`), in seconds.
fn popeye_time(output: &str) -> Option<f64> {
    for line in output.lines().rev() {
        let Some(at) = line.find(" = ") else { continue };
        let head = line[..at].trim_end();
        if !(head.ends_with("Time") || head.ends_with("Zeit") || head.ends_with("Temps")) {
            continue;
        }
        let mut words = line[at + 3..].split_whitespace();
        let (value, unit) = (words.next()?, words.next()?);
        let parts: Vec<f64> = value
            .split(':')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let secs = match (unit, parts.as_slice()) {
            ("s", [s]) => *s,
            ("m:s", [m, s]) => m * 60.0 + s,
            ("h:m:s", [h, m, s]) => h * 3600.0 + m * 60.0 + s,
            _ => return None,
        };
        return Some(secs);
    }
    None
}

/// Popeye on one problem text; its printed time, or the limit when it did not
/// finish (killed at the limit, or no time printed).
fn run_popeye(popeye: &Path, text: &str, limit: f64, scratch: &Path) -> anyhow::Result<f64> {
    let input = scratch.join("problem.inp");
    std::fs::write(&input, text)?;
    let mut child = Command::new(popeye)
        .arg("problem.inp")
        .current_dir(scratch)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", popeye.display()))?;
    let mut stdout = child.stdout.take().context("Popeye's stdout")?;
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        out.push_str(&String::from_utf8_lossy(&bytes));
        out
    });
    let start = Instant::now();
    let deadline = Duration::from_secs_f64(limit);
    let finished = loop {
        if child.try_wait()?.is_some() {
            break true;
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break false;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let output = reader.join().unwrap_or_default();
    Ok(match (finished, popeye_time(&output)) {
        (true, Some(t)) => t.min(limit),
        _ => limit,
    })
}

/// kibitz on one problem text, as `kibitz solve --popeye --format popeye` solves
/// it: the seconds of all its twins (at the limit when one was not finished), and
/// its stipulation; None when kibitz does not read it.
fn run_kibitz(text: &str, limit: f64) -> Option<(f64, String)> {
    let scan = PopeyeScan {
        solve: SolveScan {
            time: Some(Duration::from_secs_f64(limit)),
            popeye_layout: Some(PieceNames::default()),
            ..SolveScan::default()
        },
        protocol: false,
    };
    let twins: Vec<_> = Reader::new(text.as_bytes()).collect();
    if twins.is_empty() || twins.iter().any(Result::is_err) {
        return None;
    }
    let stipulation = twins[0].as_ref().ok()?.stipulation.to_string();
    let mut secs = 0.0;
    let mut unproven = false;
    for twin in twins {
        let start = Instant::now();
        let scanned = scan.record("problem", twin)?;
        secs += start.elapsed().as_secs_f64();
        unproven |= scanned.totals.unproven > 0 || scanned.totals.errors > 0;
    }
    Some((if unproven { limit } else { secs.min(limit) }, stipulation))
}

/// A stipulation's genre: its text without the length (`h#4` → `h#`).
fn genre(stipulation: &str) -> String {
    stipulation
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
        .to_string()
}

/// Runs the comparison; returns the Markdown report.
pub fn run(opts: &Options) -> anyhow::Result<String> {
    let scratch = std::env::temp_dir().join(format!("kibitz-bench-popeye-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let mut timed = Vec::new();
    let mut unread = 0usize;
    for file in &opts.files {
        let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let mut done = 0;
        for (i, problem) in problems(&text).into_iter().enumerate() {
            if done >= opts.max_problems {
                break;
            }
            let Some((kibitz, stipulation)) = run_kibitz(&problem, opts.limit) else {
                unread += 1;
                continue;
            };
            done += 1;
            let popeye = run_popeye(&opts.popeye, &problem, opts.limit, &scratch)?;
            let plain = match without_intelligent(&problem) {
                Some(text) => Some(run_popeye(&opts.popeye, &text, opts.limit, &scratch)?),
                None => None,
            };
            eprintln!(
                "{name} #{}: {stipulation}: kibitz {kibitz:.3} s, Popeye {popeye:.3} s{}",
                i + 1,
                plain.map_or(String::new(), |p| format!(", plain {p:.3} s"))
            );
            timed.push(Timed {
                label: format!("{name} #{}", i + 1),
                genre: genre(&stipulation),
                kibitz,
                popeye,
                plain,
            });
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(report(&timed, unread, opts.limit))
}

/// The per-genre table, and the problems past the issue's bound (kibitz over
/// 10 s where Popeye took at most 1 s).
fn report(timed: &[Timed], unread: usize, limit: f64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} problems timed ({unread} not read by kibitz), {limit} s each at most; \
         ratio = kibitz's time / Popeye's (median of the problems' ratios, Popeye's \
         time floored at 1 ms; a time at the limit is a problem not finished, so a \
         ratio against it is an upper bound)\n",
        timed.len()
    );
    out.push_str(
        "| genre | problems | kibitz median | Popeye as posed | ratio | Popeye without Intelligent | ratio | kibitz at the limit |\n",
    );
    out.push_str("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    let mut genres: Vec<&str> = timed.iter().map(|t| t.genre.as_str()).collect();
    genres.sort_unstable();
    genres.dedup();
    for g in genres {
        let rows: Vec<&Timed> = timed.iter().filter(|t| t.genre == g).collect();
        let ratio = |a: f64, b: f64| a / b.max(0.001);
        let kib = median(rows.iter().map(|t| t.kibitz).collect());
        let pop = median(rows.iter().map(|t| t.popeye).collect());
        let r_pop = median(rows.iter().map(|t| ratio(t.kibitz, t.popeye)).collect());
        let plain: Vec<&Timed> = rows.iter().copied().filter(|t| t.plain.is_some()).collect();
        let plain_cells = if plain.is_empty() {
            "– | –".to_string()
        } else {
            let p = median(plain.iter().filter_map(|t| t.plain).collect());
            let r = median(
                plain
                    .iter()
                    .filter_map(|t| t.plain.map(|p| ratio(t.kibitz, p)))
                    .collect(),
            );
            let stopped = plain
                .iter()
                .filter(|t| t.plain.is_some_and(|p| p >= limit))
                .count();
            format!(
                "{p:.3} s ({} problems, {stopped} at the limit) | {r:.2} ×",
                plain.len()
            )
        };
        let at_limit = rows.iter().filter(|t| t.kibitz >= limit).count();
        let _ = writeln!(
            out,
            "| `{g}` | {} | {kib:.3} s | {pop:.3} s | {r_pop:.2} × | {plain_cells} | {at_limit} |",
            rows.len()
        );
    }
    let slow: Vec<&Timed> = timed
        .iter()
        .filter(|t| t.kibitz > 10.0 && t.popeye <= 1.0)
        .collect();
    let _ = writeln!(
        out,
        "\nkibitz past 10 s where Popeye as posed took at most 1 s: {}",
        slow.len()
    );
    for t in slow {
        let _ = writeln!(
            out,
            "- {}: kibitz {:.1} s, Popeye {:.3} s",
            t.label, t.kibitz, t.popeye
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_cut_at_their_words_in_any_language() {
        let text = "anfang\nforderung h#2\nweiteres\nforderung #2\nende\n";
        let cut = problems(text);
        assert_eq!(cut.len(), 2);
        assert!(cut[0].starts_with("anfangproblem\n") && cut[0].ends_with("endeproblem\n"));
        assert!(cut[1].contains("forderung #2"));
        let text = "BeginProblem\nstip h#2\nNextProblem\nstip #2\nEndProblem\n";
        assert_eq!(problems(text).len(), 2);
    }

    #[test]
    fn the_intelligent_option_is_taken_out() {
        let plain = without_intelligent("begin\noption intelligent 2 duplex\nend\n");
        assert_eq!(plain.as_deref(), Some("begin\noption duplex\nend\n"));
        let plain = without_intelligent("begin\noption intell\nend\n");
        assert_eq!(plain.as_deref(), Some("begin\nend\n"));
        assert_eq!(without_intelligent("begin\noption duplex\nend\n"), None);
    }

    #[test]
    fn popeyes_times_are_read_in_its_forms() {
        assert_eq!(popeye_time("Loesung beendet. Zeit = 0.016 s"), Some(0.016));
        assert_eq!(
            popeye_time("solution finished. Time = 1:02.500 m:s"),
            Some(62.5)
        );
        assert_eq!(popeye_time("solution finished."), None);
    }
}

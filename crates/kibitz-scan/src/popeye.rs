//! Popeye problems in `kibitz solve`: a Popeye input read problem after problem
//! ([`kibitz::popeye::Reader`], one line and one problem held at a time), each
//! solved on a worker, one record per problem written in input order — the
//! solve record with the problem's number, its `title`, `author`, `origin`,
//! `award` and `remark` texts and its stipulation; a problem that could not be
//! read is an error record naming the word and its line.

use core::fmt::Write as _;
use std::io::{self, BufReader, Read};
use std::time::Duration;

use kibitz::popeye::{PopeyeError, Problem, Reader};

use crate::json;
use crate::mate::{Input, Name, error_record};
use crate::pipeline::Event;
use crate::render::Rendered;
use crate::scanned::Scanned;
use crate::solve::{SolveRecord, SolveScan};

/// How `kibitz solve` answers the problems of a Popeye input: the flags of the
/// command ([`SolveScan`]), with each problem's options on top.
#[derive(Clone, Debug, Default)]
pub struct PopeyeScan {
    /// The command's flags: limits, JSON, tree, castling notation.
    pub solve: SolveScan,
    /// Write each record's text, as Popeye writes its output, to the file a
    /// problem's `protocol` names (appended to, as Popeye does). Only `kibitz
    /// solve` sets it: a server or a library call never writes files, and
    /// its records say that the file was not written.
    pub protocol: bool,
}

impl PopeyeScan {
    /// Reads every problem of `source` (named `name` in the records), solves them
    /// on `threads` workers and hands each problem's record to `sink` in input
    /// order, then [`Event::Waiting`] whenever nothing is ready. Once the stop
    /// flag ([`SolveScan::stop`]) is raised no further problem is read or begun,
    /// and a record whose search it cut short is left out.
    pub fn run(
        &self,
        name: &str,
        source: impl Read + Send,
        threads: usize,
        sink: impl FnMut(Event<Scanned>) -> io::Result<()>,
    ) -> io::Result<()> {
        let problems = Reader::new(BufReader::with_capacity(1 << 16, source));
        crate::pipeline::ordered_parts(
            problems,
            threads,
            self.solve.stop.as_deref(),
            |problem, emit| {
                if let Some(scanned) = self.record(name, problem) {
                    emit(scanned);
                }
            },
            sink,
        )
    }

    /// One problem's record (or its error's); None when the stop flag cut its
    /// search short.
    pub fn record(&self, name: &str, problem: Result<Problem, PopeyeError>) -> Option<Scanned> {
        let mut scanned = Scanned::default();
        scanned.totals.positions += 1;
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let name = Name {
            text: name,
            json: &escaped,
        };
        let problem = match problem {
            Ok(problem) => problem,
            Err(err) => {
                scanned.totals.errors += 1;
                let input = Input::Line {
                    name,
                    line: err.line,
                };
                let mut fields = String::new();
                json::key(&mut fields, "problem");
                json::uint(&mut fields, err.problem);
                fields.push_str(r#","mate":null,"proven":false,"#);
                let mut message = Rendered::default();
                // The input names the file and the line; the message the rest.
                let _ = match &err.twin {
                    Some(twin) => {
                        write!(message.text, "problem {} {twin}: {}", err.problem, err.kind)
                    }
                    None => write!(message.text, "problem {}: {}", err.problem, err.kind),
                };
                error_record(&mut scanned.out, &input, self.solve.json, &fields, message);
                return Some(scanned);
            }
        };
        let input = Input::Line {
            name,
            line: problem.line,
        };
        let record = self.solve_problem(&problem);
        if self.solve.cut_short(&record) {
            return None;
        }
        crate::solve::count(&mut scanned.totals, &record);
        let mut notes = problem.notes.clone();
        if let Some(file) = &problem.protocol {
            if self.protocol {
                let text = self.text_record(&record, &input, &problem);
                if let Err(e) = append(file, &text) {
                    notes.push(format!("protocol {file}: not written: {e}"));
                }
            } else {
                notes.push(format!(
                    "protocol {file}: not written (only `kibitz solve` writes files)"
                ));
            }
        }
        let rendered = if self.solve.json {
            let mut rendered = Rendered::default();
            record.write(&mut rendered, &input, true);
            splice_fields(&mut rendered.text, &problem, &notes);
            rendered
        } else {
            let mut rendered = Rendered::default();
            rendered.text = self.text_record(&record, &input, &problem);
            for note in &notes {
                rendered.text.push_str("  note: ");
                rendered.text.push_str(note);
                rendered.text.push('\n');
            }
            rendered
        };
        scanned.out.append(rendered);
        Some(scanned)
    }

    /// The record as text: `name:line  problem N b) duplex  #2  FEN  …`, or in
    /// Popeye's layout when asked for (which names no problem: Popeye's
    /// diagram and title would).
    fn text_record(&self, record: &SolveRecord, input: &Input, problem: &Problem) -> String {
        let mut rendered = Rendered::default();
        record.write(&mut rendered, input, false);
        if record.popeye.is_some() {
            return rendered.text;
        }
        let mut place = Rendered::default();
        input.text(&mut place);
        let at = place.text.len().min(rendered.text.len());
        let mut what = format!("  problem {}", problem.number);
        if let Some(twin) = &problem.twin {
            what.push(' ');
            what.push_str(twin);
        }
        if problem.duplex {
            what.push_str(" duplex");
        }
        let _ = write!(what, "  {}", problem.stipulation);
        if !problem.conditions.is_empty() {
            let _ = write!(what, "  condition {}", problem.conditions);
        }
        rendered.text.insert_str(at, &what);
        rendered.text
    }

    /// The problem solved with the command's flags and its own options, mapped
    /// to the solver's: `SetPlay` the set play, `Try` the tries (one refutation),
    /// `Defence n` the tries with up to n refutations, `Variations` the solution
    /// tree, `MaxSolutions n` at most n solutions (keys, helpmate lines) in the
    /// record (as `--max-solutions`, the smaller wins), `MaxTime n` at most n seconds (the command's `--time` if smaller).
    fn solve_problem(&self, problem: &Problem) -> SolveRecord {
        let options = &problem.options;
        let mut scan = self.solve.clone();
        scan.tree |= options.variations;
        scan.no_threat |= options.no_threat;
        scan.set_play |= options.set_play;
        if let Some(n) = options.refutations {
            scan.tries = true;
            scan.max_refutations = n;
        }
        if let Some(secs) = options.max_time {
            let t = Duration::from_secs(u64::from(secs));
            scan.time = Some(scan.time.map_or(t, |given| given.min(t)));
        }
        if let Some(names) = &mut scan.popeye_layout {
            // Popeye's codes for the diagram's fairy pieces.
            for (walk, letter) in problem.fairy_letters() {
                *names = std::mem::take(names).with(letter, walk.code());
            }
        }
        if let Some(n) = options.max_solutions {
            // The solver stops past them, and the record says more exist.
            let n = usize::try_from(n).unwrap_or(usize::MAX);
            scan.max_solutions = Some(scan.max_solutions.map_or(n, |given| given.min(n)));
        }
        scan.record(&problem.position, problem.stipulation)
    }
}

/// Appends text to a file (Popeye's `protocol` appends, never truncates).
fn append(file: &str, text: &str) -> io::Result<()> {
    use std::io::Write as _;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)?;
    f.write_all(text.as_bytes())
}

/// Puts the problem's number, texts and fairy pieces after the record's `input`.
fn splice_fields(record: &mut String, problem: &Problem, notes: &[String]) {
    // The record begins `{"input":"…",`: the fields go after that comma.
    let Some(at) = input_end(record) else { return };
    let mut fields = String::new();
    json::key(&mut fields, "problem");
    json::uint(&mut fields, problem.number);
    fields.push(',');
    if let Some(twin) = &problem.twin {
        json::key(&mut fields, "twin");
        json::string(&mut fields, twin);
        fields.push(',');
        json::key(&mut fields, "twin_changes");
        string_array(&mut fields, &problem.twin_changes);
        fields.push(',');
    }
    if problem.duplex {
        fields.push_str(r#""duplex":true,"#);
    }
    // The conditions, in the words of the `condition` key of variants.ini, so
    // that the record's FEN can be played under them.
    if !problem.conditions.is_empty() {
        json::key(&mut fields, "condition");
        json::string(&mut fields, &problem.conditions.to_string());
        fields.push(',');
    }
    if !notes.is_empty() {
        json::key(&mut fields, "notes");
        string_array(&mut fields, notes);
        fields.push(',');
    }
    for (key, lines) in [
        ("title", &problem.title),
        ("author", &problem.author),
        ("origin", &problem.origin),
        ("award", &problem.award),
        ("remark", &problem.remark),
    ] {
        if !lines.is_empty() {
            json::key(&mut fields, key);
            json::string(&mut fields, &lines.join("\n"));
            fields.push(',');
        }
    }
    // The fairy pieces' FEN letters, so that the record's FEN can be read.
    let letters = problem.fairy_letters();
    if !letters.is_empty() {
        json::key(&mut fields, "fairy");
        fields.push('[');
        for (i, (walk, letter)) in letters.iter().enumerate() {
            if i > 0 {
                fields.push(',');
            }
            fields.push('{');
            json::key(&mut fields, "letter");
            json::string(&mut fields, &letter.to_string());
            fields.push(',');
            json::key(&mut fields, "code");
            json::string(&mut fields, &walk.code().to_ascii_uppercase());
            fields.push(',');
            json::key(&mut fields, "name");
            json::string(&mut fields, walk.name());
            fields.push(',');
            json::key(&mut fields, "betza");
            json::string(&mut fields, walk.betza().unwrap_or_default());
            fields.push('}');
        }
        fields.push_str("],");
    }
    record.insert_str(at, &fields);
}

/// A JSON array of strings.
fn string_array(out: &mut String, items: &[String]) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::string(out, item);
    }
    out.push(']');
}

/// The byte after `{"input":"…",` (the string escaped, so an unescaped `"` ends it).
fn input_end(record: &str) -> Option<usize> {
    let rest = record.strip_prefix("{\"input\":\"")?;
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => {
                let after = 10 + i + 1;
                return (record.as_bytes().get(after) == Some(&b',')).then_some(after + 1);
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_go_after_the_input_whatever_its_name() {
        assert_eq!(input_end(r#"{"input":"a:1","fen":"x"}"#), Some(15));
        assert_eq!(input_end(r#"{"input":"a\"b\\:1","fen":"x"}"#), Some(20));
        assert_eq!(input_end(r#"{"input":"a"}"#), None);
        assert_eq!(input_end(r#"{"fen":"a","x":1}"#), None);
    }

    #[test]
    fn one_record_per_problem_in_order() {
        let text = "begin\ntitle T \"1\"\npieces white kf3 rd1 black kh4\nstip #3\nnext\n\
                    pieces white ke1 black ke8 condition koeko stip #2\nnext\n\
                    pieces white kf3 rd1 black kh4 stip #2 option vari\nend\n";
        let scan = PopeyeScan {
            solve: SolveScan {
                json: true,
                ..SolveScan::default()
            },
            protocol: false,
        };
        let mut out = String::new();
        scan.run("p.txt", text.as_bytes(), 2, |event| {
            if let Event::Part(s) = event {
                out.push_str(&s.out.text);
            }
            Ok(())
        })
        .unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with(
            r##"{"input":"p.txt:1","problem":1,"title":"T \"1\"","fen":"8/8/8/8/7k/5K2/8/3R4 w - - 0 1","bound":3,"mate":2,"##
        ), "{}", lines[0]);
        assert!(lines[1].starts_with(r#"{"input":"p.txt:6","problem":2,"mate":null,"proven":false,"error":"p.txt:6: problem 2: condition `koeko` (koeko) is outside kibitz's Popeye subset"}"#), "{}", lines[1]);
        assert!(
            lines[2].contains(r#""tree":[{"uci":"d1d5""#),
            "{}",
            lines[2]
        );
        assert!(
            lines[0].contains(r##""stipulation":"#3","length":2"##),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn options_map_to_the_solver_and_fairy_pieces_are_listed() {
        let text = "begin pieces white kc1 gd4 black ka8 pb7 stip h#1 opt maxsol 1 next\n\
                    pieces white kf3 rd1 black kh4 stip #2 opt set try end";
        let scan = PopeyeScan {
            solve: SolveScan {
                json: true,
                ..SolveScan::default()
            },
            protocol: false,
        };
        let mut out = String::new();
        scan.run("p", text.as_bytes(), 1, |event| {
            if let Event::Part(s) = event {
                out.push_str(&s.out.text);
            }
            Ok(())
        })
        .unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].contains(
                r#""fairy":[{"letter":"G","code":"G","name":"grasshopper","betza":"gQ"}]"#
            ),
            "{}",
            lines[0]
        );
        assert!(
            lines[0].contains(r##""stipulation":"h#1""##),
            "{}",
            lines[0]
        );
        assert!(lines[1].contains(r#""tries":["#), "{}", lines[1]);
        assert!(lines[1].contains(r#""set":["#), "{}", lines[1]);
    }
}

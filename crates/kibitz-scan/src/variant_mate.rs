//! `kibitz mate --variant`: the exact mates in one of fairy positions, one record
//! a FEN line, chunk by chunk through the same batch runner as the orthodox scan
//! (threads, compressed inputs, the record limit, progress, order kept).
//!
//! The records have the orthodox scan's shape: `{"input", "fen", "mates"}` with
//! each mate's `uci` and `san` in the variant's notation, and an error record
//! (`"mates": [], "error"`) for a line that is not a position of the variant. The
//! Mate-at-a-Glance detector and the mate patterns are orthodox and not run here.

use kibitz::variant::{Variant, VariantPosition};

use crate::chunk::Chunk;
use crate::json;
use crate::lines::lines;
use crate::mate::{Input, Name, error_record};
use crate::render::Rendered;
use crate::scanned::Scanned;

/// The mates in one of the positions of a fairy variant.
///
/// ```
/// use kibitz::variant::Variant;
/// use kibitz_scan::variant_mate::VariantMateScan;
/// let scan = VariantMateScan { variant: Variant::builtin("capablanca").unwrap(), json: true };
/// let text = "\n6k3/10/6K3/10/10/10/10/C9 w - - 0 1\nnot a FEN\n";
/// let chunk = kibitz_scan::chunk::Chunk { bytes: text.into(), first_line: 1, ..Default::default() };
/// let scanned = scan.chunk("stdin", &chunk);
/// assert_eq!(scanned.totals.positions, 2);
/// assert_eq!(scanned.totals.errors, 1);
/// let first = scanned.out.text.lines().next().unwrap();
/// assert!(first.starts_with(r#"{"input":"stdin:2","fen":"#), "{first}");
/// assert!(first.contains(r#"{"uci":"a1a8","san":"Ca8#"}"#), "{first}");
/// ```
#[derive(Clone, Debug)]
pub struct VariantMateScan {
    /// The variant the positions are of.
    pub variant: Variant,
    /// JSON Lines rather than text.
    pub json: bool,
}

impl VariantMateScan {
    /// Scans the FEN lines of one chunk of an input named `name`: blank lines and
    /// `#` comments are skipped, every other line is one record.
    pub fn chunk(&self, name: &str, chunk: &Chunk) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let name = Name {
            text: name,
            json: &escaped,
        };
        for line in lines(chunk) {
            let text = line.text();
            let text = if line.number == 1 {
                text.trim_start_matches('\u{feff}')
            } else {
                &text
            };
            let fen = text.trim();
            if fen.is_empty() || fen.starts_with('#') {
                continue;
            }
            let input = Input::Line {
                name,
                line: line.number,
            };
            self.position(&mut scanned, &input, fen);
        }
        scanned
    }

    /// One position given as text (`startpos` for the variant's start), its record
    /// named `name` (such as `--fen 1`).
    pub fn one(&self, name: &str, text: &str) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let input = Input::Named(Name {
            text: name,
            json: &escaped,
        });
        self.position(&mut scanned, &input, text.trim());
        scanned
    }

    fn position(&self, scanned: &mut Scanned, input: &Input<'_>, fen: &str) {
        scanned.totals.positions += 1;
        let read = if fen == "startpos" {
            Ok(VariantPosition::start(&self.variant))
        } else {
            VariantPosition::from_fen(&self.variant, fen)
        };
        let pos = match read {
            Ok(pos) => pos,
            Err(err) => {
                scanned.totals.errors += 1;
                let mut message = Rendered::default();
                message.text.push_str(&err.to_string());
                error_record(
                    &mut scanned.out,
                    input,
                    self.json,
                    r#""mates":[],"#,
                    message,
                );
                return;
            }
        };
        let mates = pos.mates_in_one();
        if !mates.is_empty() {
            scanned.totals.with_mate += 1;
            scanned.totals.mates += mates.len() as u64;
        }
        let out = &mut scanned.out;
        if self.json {
            out.text.push('{');
            json::key(&mut out.text, "input");
            input.json(out);
            out.text.push(',');
            json::key(&mut out.text, "fen");
            json::string(&mut out.text, &pos.fen());
            out.text.push(',');
            json::key(&mut out.text, "mates");
            out.text.push('[');
            for (i, mv) in mates.iter().enumerate() {
                if i > 0 {
                    out.text.push(',');
                }
                out.text.push('{');
                json::key(&mut out.text, "uci");
                json::string(&mut out.text, &pos.uci(mv));
                out.text.push(',');
                json::key(&mut out.text, "san");
                json::string(&mut out.text, &pos.san(mv));
                out.text.push('}');
            }
            out.text.push_str("]}\n");
        } else {
            input.text(out);
            out.text.push_str("  ");
            out.text.push_str(&pos.fen());
            out.text.push_str("  mates: ");
            if mates.is_empty() {
                out.text.push('-');
            }
            for (i, mv) in mates.iter().enumerate() {
                if i > 0 {
                    out.text.push_str("; ");
                }
                out.text.push_str(&pos.san(mv));
            }
            out.text.push('\n');
        }
    }
}

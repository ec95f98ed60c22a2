//! The commands Lichess writes into move comments: `[%clk 0:00:30]` (the mover's
//! clock after the move) and `[%eval 0.17]` (the engine's evaluation).

use core::fmt;

/// A clock reading, to the hundredth of a second.
///
/// `Display` writes the Lichess command, `[%clk H:MM:SS]` with tenths or hundredths
/// when there are any.
///
/// ```
/// use kibitz::notation::pgn::Clock;
/// assert_eq!(Clock { centis: 372_340 }.to_string(), "[%clk 1:02:03.4]");
/// assert_eq!(Clock { centis: 3_000 }.to_string(), "[%clk 0:00:30]");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clock {
    /// The time left, in centiseconds.
    pub centis: u64,
}

impl Clock {
    /// The time left.
    pub fn duration(self) -> core::time::Duration {
        core::time::Duration::from_millis(self.centis.saturating_mul(10))
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.centis / 100;
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        write!(f, "[%clk {h}:{m:02}:{s:02}")?;
        match self.centis % 100 {
            0 => {}
            c if c % 10 == 0 => write!(f, ".{}", c / 10)?,
            c => write!(f, ".{c:02}")?,
        }
        f.write_str("]")
    }
}

/// An engine evaluation, from White's point of view.
///
/// `Display` writes it as Lichess does: pawns with up to two decimals (`0.17`,
/// `-1.5`, `2.0`), or `#N` for a mate in N moves (`#-4`: Black mates).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// An advantage in hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves, negative when Black mates.
    Mate(i32),
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Mate(n) => write!(f, "#{n}"),
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                let (pawns, hundredths) = (abs / 100, abs % 100);
                if hundredths % 10 == 0 {
                    write!(f, "{sign}{pawns}.{}", hundredths / 10)
                } else {
                    write!(f, "{sign}{pawns}.{hundredths:02}")
                }
            }
        }
    }
}

/// A `[%eval …]` command: the evaluation and the search depth if given (`#3,20`).
///
/// ```
/// use kibitz::notation::pgn::{Eval, EvalAnnotation};
/// let eval = EvalAnnotation { eval: Eval::Mate(3), depth: Some(20) };
/// assert_eq!(eval.to_string(), "[%eval #3,20]");
/// let eval = EvalAnnotation { eval: Eval::Centipawns(-150), depth: None };
/// assert_eq!(eval.to_string(), "[%eval -1.5]");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EvalAnnotation {
    /// The evaluation.
    pub eval: Eval,
    /// The depth of the search, after a comma.
    pub depth: Option<u32>,
}

impl fmt::Display for EvalAnnotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[%eval {}", self.eval)?;
        if let Some(depth) = self.depth {
            write!(f, ",{depth}")?;
        }
        f.write_str("]")
    }
}

/// The Lichess commands found in a comment.
///
/// `Display` writes them back, the evaluation first, as Lichess does.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Annotations {
    /// `[%clk …]`, the clock of the side that moved.
    pub clock: Option<Clock>,
    /// `[%eval …]`.
    pub eval: Option<EvalAnnotation>,
}

impl fmt::Display for Annotations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.eval, self.clock) {
            (Some(eval), Some(clock)) => write!(f, "{eval} {clock}"),
            (Some(eval), None) => write!(f, "{eval}"),
            (None, Some(clock)) => write!(f, "{clock}"),
            (None, None) => Ok(()),
        }
    }
}

/// Reads the `[%clk …]` and `[%eval …]` commands of a comment (as given to
/// [`Visitor::comment`](super::Visitor::comment)). Other commands and text are
/// ignored, and so is a command whose value does not read; the first of each kind
/// counts.
///
/// ```
/// use kibitz::notation::pgn::{Clock, Eval, annotations};
/// let found = annotations(b" [%eval -0.35] [%clk 0:02:57.5] ");
/// assert_eq!(found.clock, Some(Clock { centis: 17_750 }));
/// assert_eq!(found.eval.unwrap().eval, Eval::Centipawns(-35));
/// assert_eq!(found.to_string(), "[%eval -0.35] [%clk 0:02:57.5]");
/// assert_eq!(annotations(b"[%eval #-4]").eval.unwrap().eval, Eval::Mate(-4));
/// ```
pub fn annotations(comment: &[u8]) -> Annotations {
    let mut found = Annotations::default();
    let mut rest = comment;
    while let Some(at) = memchr::memmem::find(rest, b"[%") {
        rest = &rest[at + 2..];
        let Some(end) = memchr::memchr(b']', rest) else {
            break;
        };
        let command = &rest[..end];
        rest = &rest[end + 1..];
        let name_len = command
            .iter()
            .take_while(|b| !b.is_ascii_whitespace())
            .count();
        let (name, value) = command.split_at(name_len);
        let value = value.trim_ascii();
        match name {
            b"clk" if found.clock.is_none() => found.clock = parse_clock(value),
            b"eval" if found.eval.is_none() => found.eval = parse_eval(value),
            _ => {}
        }
    }
    found
}

/// A run of at most 9 digits.
fn number(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || digits.len() > 9 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(digits.iter().fold(0, |n, &d| n * 10 + u64::from(d - b'0')))
}

/// Hundredths from the digits after a decimal point (the first two count).
fn hundredths(digits: &[u8]) -> Option<u64> {
    if !digits.iter().all(u8::is_ascii_digit) || digits.len() > 9 {
        return None;
    }
    let tenths = digits.first().map_or(0, |d| u64::from(d - b'0'));
    let hundredths = digits.get(1).map_or(0, |d| u64::from(d - b'0'));
    Some(tenths * 10 + hundredths)
}

/// `H:MM:SS`, `MM:SS` or `SS`, with an optional fraction of a second.
fn parse_clock(text: &[u8]) -> Option<Clock> {
    let (whole, fraction) = match text.iter().position(|&b| b == b'.') {
        Some(dot) => (&text[..dot], hundredths(&text[dot + 1..])?),
        None => (text, 0),
    };
    let mut seconds = 0u64;
    let mut fields = 0;
    for field in whole.split(|&b| b == b':') {
        fields += 1;
        if fields > 3 {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(number(field)?)?;
    }
    Some(Clock {
        centis: seconds.checked_mul(100)?.checked_add(fraction)?,
    })
}

/// `0.17`, `-1.5`, `+3`, `#3`, `#-4`, each with an optional `,depth`.
fn parse_eval(text: &[u8]) -> Option<EvalAnnotation> {
    let (value, depth) = match text.iter().position(|&b| b == b',') {
        Some(comma) => (&text[..comma], Some(number(&text[comma + 1..])?)),
        None => (text, None),
    };
    let depth = depth.map(u32::try_from).transpose().ok()?;
    let (mate, value) = match value.strip_prefix(b"#") {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let (negative, value) = match value {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, value),
    };
    let sign = if negative { -1 } else { 1 };
    let eval = if mate {
        Eval::Mate(sign * i32::try_from(number(value)?).ok()?)
    } else {
        let (pawns, fraction) = match value.iter().position(|&b| b == b'.') {
            Some(dot) if dot > 0 || value.len() > 1 => {
                let pawns = if dot == 0 { 0 } else { number(&value[..dot])? };
                (pawns, hundredths(&value[dot + 1..])?)
            }
            Some(_) => return None,
            None => (number(value)?, 0),
        };
        let centis = i32::try_from(pawns.checked_mul(100)?.checked_add(fraction)?).ok()?;
        Eval::Centipawns(sign * centis)
    };
    Some(EvalAnnotation { eval, depth })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(text: &str) -> Option<u64> {
        annotations(text.as_bytes()).clock.map(|c| c.centis)
    }

    fn eval(text: &str) -> Option<EvalAnnotation> {
        annotations(text.as_bytes()).eval
    }

    #[test]
    fn clocks() {
        assert_eq!(clock("[%clk 0:00:30]"), Some(3_000));
        assert_eq!(clock("[%clk 1:02:03.4]"), Some(372_340));
        assert_eq!(clock("[%clk 1:02:03.45]"), Some(372_345));
        assert_eq!(clock("x [%clk  0:10 ] y"), Some(1_000));
        assert_eq!(clock("[%clk 1:2:3:4]"), None);
        assert_eq!(clock("[%clk x]"), None);
        assert_eq!(clock("[%clk 0:00:30"), None);
        assert_eq!(clock("[%clk 99999999999:00:00]"), None);
        for text in ["[%clk 0:00:30]", "[%clk 1:02:03.4]", "[%clk 12:00:00.05]"] {
            assert_eq!(annotations(text.as_bytes()).to_string(), text);
        }
    }

    #[test]
    fn evals() {
        let cp = |cp, depth| {
            Some(EvalAnnotation {
                eval: Eval::Centipawns(cp),
                depth,
            })
        };
        let mate = |n, depth| {
            Some(EvalAnnotation {
                eval: Eval::Mate(n),
                depth,
            })
        };
        assert_eq!(eval("[%eval 0.17]"), cp(17, None));
        assert_eq!(eval("[%eval -1.5]"), cp(-150, None));
        assert_eq!(eval("[%eval -0.05]"), cp(-5, None));
        assert_eq!(eval("[%eval +3]"), cp(300, None));
        assert_eq!(eval("[%eval .5]"), cp(50, None));
        assert_eq!(eval("[%eval #-4]"), mate(-4, None));
        assert_eq!(eval("[%eval #3,20]"), mate(3, Some(20)));
        assert_eq!(eval("[%eval 0.2,18]"), cp(20, Some(18)));
        assert_eq!(eval("[%eval .]"), None);
        assert_eq!(eval("[%eval abc]"), None);
        assert_eq!(eval("[%eval 1.5,]"), None);
        for text in [
            "[%eval 0.17]",
            "[%eval -1.5]",
            "[%eval #-4]",
            "[%eval #3,20]",
            "[%eval 2.0]",
            "[%eval -0.05]",
        ] {
            assert_eq!(annotations(text.as_bytes()).to_string(), text);
        }
    }

    #[test]
    fn both_and_others() {
        let found = annotations(b"good move [%cal Ge2e4] [%clk 0:01:00] [%eval 0.3]");
        assert_eq!(found.clock, Some(Clock { centis: 6_000 }));
        assert_eq!(found.eval, eval("[%eval 0.30]"));
        assert_eq!(found.to_string(), "[%eval 0.3] [%clk 0:01:00]");
        assert_eq!(annotations(b"no commands"), Annotations::default());
    }
}

//! JSON written straight into a reused `String`, without a value tree or a
//! `String` per field. Strings are escaped as `serde_json` escapes them, so the
//! bytes are the same as before this writer existed.

use core::fmt::Write as _;

/// Writes `s` as a JSON string, quotes included.
///
/// ```
/// let mut out = String::new();
/// kibitz_scan::json::string(&mut out, "a\"b\\c\n\u{1}é");
/// assert_eq!(out, r#""a\"b\\c\n\u0001é""#);
/// ```
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    escape(out, s);
    out.push('"');
}

/// Writes the inside of a JSON string: `s` escaped, without the quotes.
pub fn escape(out: &mut String, s: &str) {
    // Most text (FENs, SAN, file names) needs no escaping: one scan, one copy.
    if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(s);
        return;
    }
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0C => "\\f",
            0..=0x1F => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
}

/// Writes `"key":` (keys are plain ASCII names, never escaped).
pub fn key(out: &mut String, key: &str) {
    out.push('"');
    out.push_str(key);
    out.push_str("\":");
}

/// Writes an unsigned integer.
pub fn uint(out: &mut String, n: u64) {
    let mut buf = [0u8; 20];
    // Only ASCII digits are written.
    out.push_str(core::str::from_utf8(decimal(&mut buf, n)).unwrap_or_default());
}

/// The decimal digits of `n`, written into the end of `buf`.
pub(crate) fn decimal(buf: &mut [u8; 20], mut n: u64) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn strings_are_escaped_as_serde_json_escapes_them(s in "\\PC*|[\\x00-\\x7f]*") {
            let mut out = String::new();
            super::string(&mut out, &s);
            prop_assert_eq!(out, serde_json::to_string(&s).unwrap());
        }
    }
}

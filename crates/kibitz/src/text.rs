//! Quoting user input in error messages: at most [`QUOTE_CHARS`] characters, with
//! `…` after when the input was longer, so that a 50 MB token never makes a 50 MB
//! message. Every parser of the crate and every front end quotes through here.

/// At most this many characters of an input are quoted in a message.
pub const QUOTE_CHARS: usize = 80;

/// `text` cut to [`QUOTE_CHARS`] characters, with `…` after when it was longer.
///
/// ```
/// use kibitz::text::quote;
/// assert_eq!(quote("e9"), "e9");
/// assert_eq!(quote(&"x".repeat(81)), format!("{}…", "x".repeat(80)));
/// ```
pub fn quote(text: &str) -> String {
    quote_to(text, QUOTE_CHARS)
}

/// `text` cut to `max` characters, with `…` after when it was longer: for a
/// message that quotes a short token (a hash size, an option's name).
///
/// ```
/// use kibitz::text::quote_to;
/// assert_eq!(quote_to("4096", 20), "4096");
/// assert_eq!(quote_to("abcdef", 3), "abc…");
/// ```
pub fn quote_to(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// Bytes quoted as [`quote`] quotes text: decoded as UTF-8, each byte that is not
/// UTF-8 read as Windows-1252 (old PGN files), and only as much decoded as is quoted.
///
/// ```
/// use kibitz::text::quote_bytes;
/// assert_eq!(quote_bytes(b"R\xe9ti"), "Réti");
/// assert_eq!(quote_bytes(&[b'a'; 1000]), format!("{}…", "a".repeat(80)));
/// ```
pub fn quote_bytes(bytes: &[u8]) -> String {
    // Four bytes per character at most: decode no more than is quoted.
    let head = &bytes[..bytes.len().min(QUOTE_CHARS * 4 + 4)];
    let mut out = quote(&decode_bytes(head));
    if head.len() < bytes.len() && !out.ends_with('…') {
        out.push('…');
    }
    out
}

/// Bytes as text: UTF-8 where they are UTF-8, each other byte read as
/// Windows-1252 (old PGN and Popeye files): Latin-1 but for 0x80–0x9F, where
/// Windows-1252 has its curly quotes, dashes, `€` and `Œ`, which is what such
/// files mean by them (the five bytes it leaves undefined stay Latin-1's
/// control characters, as WHATWG's decoder reads them).
///
/// ```
/// use kibitz::text::decode_bytes;
/// assert_eq!(decode_bytes(b"R\xe9ti \xc3\xa9"), "Réti é");
/// assert_eq!(decode_bytes(b"\x93Capa\x94 \x96 1\x80"), "“Capa” – 1€");
/// ```
pub fn decode_bytes(bytes: &[u8]) -> String {
    let mut decoded = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match core::str::from_utf8(rest) {
            Ok(s) => {
                decoded.push_str(s);
                return decoded;
            }
            Err(err) => {
                let (good, bad) = rest.split_at(err.valid_up_to());
                // `good` is valid UTF-8 by construction.
                decoded.push_str(core::str::from_utf8(good).unwrap_or_default());
                let n = err.error_len().unwrap_or(bad.len()).max(1).min(bad.len());
                decoded.extend(bad[..n].iter().map(|&b| windows_1252(b)));
                rest = &bad[n..];
            }
        }
    }
}

/// A byte of Windows-1252 as its character.
fn windows_1252(b: u8) -> char {
    // 0x80 to 0x9F; 0 where Windows-1252 defines nothing (Latin-1's control
    // character then).
    const HIGH: [u16; 32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
        0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
        0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ];
    match b {
        0x80..=0x9F => match HIGH[usize::from(b - 0x80)] {
            0 => char::from(b),
            c => char::from_u32(u32::from(c)).unwrap_or(char::from(b)),
        },
        _ => char::from(b),
    }
}

//! The chunk splitter on arbitrary bytes and chunk sizes: the chunks put together
//! are the input, each cut is at a record boundary, and line numbers and offsets
//! follow the bytes.
#![no_main]

use kibitz::notation::pgn::game_starts;
use kibitz_scan::chunk::{Chunker, Framing};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&knobs, text)) = data.split_first() else {
        return;
    };
    let framing = if knobs & 1 == 0 {
        Framing::Lines
    } else {
        Framing::Games
    };
    let target = 1 + (knobs >> 1) as usize;
    let starts: Vec<usize> = game_starts(text).collect();
    let mut chunker = Chunker::new(text, target);
    chunker.set_framing(framing);
    let mut joined = Vec::new();
    let mut line = 1u64;
    for chunk in chunker {
        let chunk = chunk.expect("reading a slice cannot fail");
        assert!(!chunk.bytes.is_empty());
        assert_eq!(chunk.offset as usize, joined.len());
        assert_eq!(chunk.first_line, line);
        if chunk.offset > 0 {
            match framing {
                Framing::Lines => assert_eq!(text[chunk.offset as usize - 1], b'\n'),
                Framing::Games => {
                    let at = chunk.offset as usize;
                    assert!(starts.binary_search(&at).is_ok());
                }
            }
        }
        line += chunk.bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        joined.extend_from_slice(&chunk.bytes);
    }
    assert_eq!(joined, text);
});

//! The decompression front end on arbitrary bytes (most of them claiming to be
//! zstd, gzip or bzip2 by their first bytes): no panic, reading ends with the data
//! or an error. Output is capped so that a tiny bomb does not time out.
#![no_main]

use std::io::{Cursor, Read};

use kibitz_scan::source::Input;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = Input::from_reader("fuzz", Cursor::new(data.to_vec()), None) else {
        return;
    };
    let mut sink = Vec::new();
    let _ = input.take(1 << 22).read_to_end(&mut sink);
});

//! Popeye problem files from arbitrary bytes: never a panic, a record per problem
//! (no more problems than words plus one), errors naming a line of the
//! input, and every problem read has a position whose FEN is the diagram's.
#![no_main]

use kibitz::board::Board;
use kibitz::popeye::Reader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    // Popeye's separators; every problem but the last begins at a word of its own.
    let words = data
        .split(|b| b.is_ascii_whitespace() || b";,".contains(b))
        .filter(|w| !w.is_empty())
        .count();
    let mut problems = 0;
    for problem in Reader::new(data) {
        problems += 1;
        assert!(problems <= words + 1, "more problems than words");
        match problem {
            Ok(p) => assert_eq!(p.position.fen(), p.fen()),
            Err(e) => assert!(e.line <= lines, "{e}"),
        }
    }
});
